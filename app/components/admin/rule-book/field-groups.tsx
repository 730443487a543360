import type { ReactNode } from "react";
import { SelectField, TextField } from "~/components/ui/field";
import { CATEGORIES } from "~/lib/categories";
import { FLAVOR_CLASSES, PRODUCT_CLASSES } from "~/lib/compliance/vocabulary";
import type { RuleDates } from "~/lib/rule-book/dates";
import type { ProductScope } from "~/lib/rule-book/scope";
import { Checkboxes, FieldAlert, Flag } from "./checkboxes";

/**
 * The rule-book's field groups (decision 0045): where a rule reaches, what it covers, when it is
 * in force. Each reads and shows the form's answer through `RuleFields`, typed by the kind's
 * schema: a group is given only a form whose schema has the fields it shows.
 */

/** What a field shows (the posted value after a refusal, else `fallback`) and its error. */
export interface RuleFields<N extends string> {
  value: (name: N, fallback: string) => string;
  error: (name: N) => string | undefined;
}

/** The scope's filters every kind shows, and those a kind may add. */
type BaseScopeField = "all" | "classes" | "categories" | "brands" | "productIds";
export type OptionalScopeField = "flavors" | "countries" | "minThcMg" | "nicotineAboveMgMl" | "option";
/** The form fields of an optional filter: the option filter is three (its name, is or is not, its values). */
type FieldsOf<X extends OptionalScopeField> = X extends "option" ? "optionName" | "optionExcept" | "optionValues" : X;
type ScopeFieldName = BaseScopeField | FieldsOf<OptionalScopeField>;

const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c.slug, label: c.navLabel }));

/**
 * "What it covers": all products, or the filters — product classes, categories, brands, product
 * ids, and the optional ones the kind names (flavor classes, a line's option and its values,
 * countries, a THC floor, a nicotine cap). `choices`
 * are the kind's own filters, shown after the categories (excise: vape systems, nicotine).
 */
export function ProductScopeFields<X extends OptionalScopeField = never>({
  fields,
  scope,
  optional = [],
  hint,
  choices,
}: {
  fields: RuleFields<BaseScopeField | FieldsOf<NoInfer<X>>>;
  scope: ProductScope | undefined;
  optional?: readonly X[];
  hint?: string;
  choices?: ReactNode;
}) {
  // Only the optional fields named are shown, so the form's schema has each field used here.
  const f = fields as RuleFields<ScopeFieldName>;
  const shows = (name: OptionalScopeField) => (optional as readonly string[]).includes(name);
  const list = (values: readonly (string | number)[] | undefined) => values?.join(", ") ?? "";
  const allError = f.error("all");
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">What it covers</legend>
      <Flag name="all" label="All products" checked={!!scope?.all} />
      {allError ? <FieldAlert>{allError}</FieldAlert> : null}
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      <Checkboxes
        legend="Product classes"
        name="classes"
        options={PRODUCT_CLASSES}
        checked={scope?.classes ?? []}
        error={f.error("classes")}
      />
      {shows("flavors") ? (
        <Checkboxes
          legend="Flavor classes"
          name="flavors"
          options={FLAVOR_CLASSES}
          checked={scope?.flavors ?? []}
          error={f.error("flavors")}
        />
      ) : null}
      <Checkboxes
        legend="Categories"
        name="categories"
        options={CATEGORY_OPTIONS}
        checked={scope?.categories ?? []}
        error={f.error("categories")}
      />
      {choices}
      {shows("option") ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-medium text-slate-800">A line's option</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="Option (for example Flavor)"
              name="optionName"
              maxLength={60}
              defaultValue={f.value("optionName", scope?.option?.name ?? "")}
              error={f.error("optionName")}
            />
            <SelectField
              label="Which variants"
              name="optionExcept"
              defaultValue={f.value("optionExcept", scope?.option?.except ? "except" : "in")}
              error={f.error("optionExcept")}
              options={[
                { value: "in", label: "Those with one of these values" },
                { value: "except", label: "Those with none of these values" },
              ]}
            />
          </div>
          <TextField
            label="Values (comma separated)"
            name="optionValues"
            defaultValue={f.value("optionValues", scope?.option?.values.join(", ") ?? "")}
            error={f.error("optionValues")}
          />
        </fieldset>
      ) : null}
      <TextField
        label="Brands (comma separated)"
        name="brands"
        defaultValue={f.value("brands", list(scope?.brands))}
        error={f.error("brands")}
      />
      {shows("countries") ? (
        <TextField
          label="Countries of manufacture (two-letter codes)"
          name="countries"
          defaultValue={f.value("countries", list(scope?.countries))}
          error={f.error("countries")}
        />
      ) : null}
      <TextField
        label="Product ids"
        name="productIds"
        inputMode="numeric"
        defaultValue={f.value("productIds", list(scope?.productIds))}
        error={f.error("productIds")}
      />
      {shows("minThcMg") ? (
        <TextField
          label="Only above this THC per container (mg)"
          name="minThcMg"
          inputMode="decimal"
          defaultValue={f.value("minThcMg", scope?.minThcMg === undefined ? "" : String(scope.minThcMg))}
          error={f.error("minThcMg")}
        />
      ) : null}
      {shows("nicotineAboveMgMl") ? (
        <TextField
          label="Only above this nicotine strength (mg/mL)"
          name="nicotineAboveMgMl"
          inputMode="decimal"
          defaultValue={f.value(
            "nicotineAboveMgMl",
            scope?.nicotineAboveMgMl === undefined ? "" : String(scope.nicotineAboveMgMl),
          )}
          error={f.error("nicotineAboveMgMl")}
        />
      ) : null}
    </fieldset>
  );
}

/**
 * Where a rule reaches: its states (`states`: a list, empty for every destination; `state`: one
 * state) and the ZIP codes that narrow them, one under the other (their labels say what to type,
 * and are too long to sit side by side without the boxes going out of line).
 */
export function PlaceFields<S extends "states" | "state">({
  fields,
  states,
  zips,
}: {
  fields: RuleFields<S | "zips">;
  states: { name: S; label: string; value: string };
  zips: { label: string; value: string };
}) {
  return (
    <>
      <TextField
        label={states.label}
        name={states.name}
        {...(states.name === "state" ? { maxLength: 2 } : {})}
        defaultValue={fields.value(states.name, states.value)}
        error={fields.error(states.name)}
      />
      <TextField
        label={zips.label}
        name="zips"
        inputMode="numeric"
        defaultValue={fields.value("zips", zips.value)}
        error={fields.error("zips")}
      />
    </>
  );
}

/** When a rule is in force: from its first day (a new rule: today) to its last (optional). */
export function DateFields({
  fields,
  dates,
  today,
}: {
  fields: RuleFields<"effectiveFrom" | "effectiveUntil">;
  dates: RuleDates | null;
  today: string;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField
        label="Effective from"
        name="effectiveFrom"
        type="date"
        defaultValue={fields.value("effectiveFrom", dates?.effectiveFrom ?? today)}
        error={fields.error("effectiveFrom")}
      />
      <TextField
        label="Until (last day, optional)"
        name="effectiveUntil"
        type="date"
        defaultValue={fields.value("effectiveUntil", dates?.effectiveUntil ?? "")}
        error={fields.error("effectiveUntil")}
      />
    </div>
  );
}
