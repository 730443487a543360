import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { CATEGORIES } from "~/lib/categories";
import { askThenSubmit, confirmStepOf } from "~/lib/confirmation";
import type { FormReply } from "~/lib/form-reply";
import * as LINE_EDITOR_MESSAGES from "~/lib/messages/line-editor";
import { centsToDecimalString } from "~/lib/money";
import {
  type LineFormFields,
  OPTION_NAME_FIELDS,
  type PostedVariant,
  postedVariantFields,
  type VariantColumn,
  variantField,
} from "~/lib/schemas/product-line";
import { type Tier, tiersToText } from "~/lib/tiers";
import { Button, ButtonLink } from "../ui/button";
import { FormMessage, SelectField, TextAreaField, TextField } from "../ui/field";
import { useHydrated } from "../use-hydrated";

/** A variant as the editor's table shows it (the server's EditorVariant). */
export interface EditorVariantView extends PostedVariant {
  name: string;
  position: number;
  options: string[];
  fromLine: string | null;
}

export interface LineView {
  id: number;
  slug: string;
  version: number;
  name: string;
  description: string;
  category: string;
  brand: string;
  puffs: number | null;
  optionNames: string[];
}

export interface LikeView {
  like: number;
  name: string;
  priceCents: number;
  casePack: number;
  minQuantity: number;
  maxQuantity: number | null;
  apart: boolean;
}

type FieldNameOf = keyof LineFormFields & string;
/** What the editor's action answers: a refusal, the rows to add, or the question before removing. */
export type LineEditorReply = FormReply<unknown, FieldNameOf>;

interface RowModel {
  key: string;
  /** The product, for rows of existing products (this line's or moving in). */
  id: number | null;
  /** Whether the product is one of this line's variants (it may be removed, not discarded). */
  own: boolean;
  label: string;
  note: string;
  values: Partial<Record<VariantColumn, string>>;
}

const TEXT_COLUMNS = [
  { column: "sku", label: LINE_EDITOR_MESSAGES.columnSku, width: "w-36", mode: "text" },
  { column: "upc", label: LINE_EDITOR_MESSAGES.columnUpc, width: "w-36", mode: "numeric" },
  { column: "price", label: LINE_EDITOR_MESSAGES.columnPrice, width: "w-24", mode: "decimal" },
  { column: "stock", label: LINE_EDITOR_MESSAGES.columnStock, width: "w-20", mode: "numeric" },
  { column: "casePack", label: LINE_EDITOR_MESSAGES.columnCasePack, width: "w-16", mode: "numeric" },
  { column: "minQuantity", label: LINE_EDITOR_MESSAGES.columnMinimum, width: "w-20", mode: "numeric" },
  { column: "maxQuantity", label: LINE_EDITOR_MESSAGES.columnMaximum, width: "w-20", mode: "numeric" },
] as const;

const LINE_FIELD_LABELS: Partial<Record<FieldNameOf, string>> = {
  name: "Name",
  description: "Description",
  category: "Category",
  brand: "Brand",
  puffs: "Puffs",
  optionName1: LINE_EDITOR_MESSAGES.optionNameLabel(1),
  optionName2: LINE_EDITOR_MESSAGES.optionNameLabel(2),
  optionName3: LINE_EDITOR_MESSAGES.optionNameLabel(3),
  tiers: LINE_EDITOR_MESSAGES.tiersLabel,
  existing: LINE_EDITOR_MESSAGES.existingLabel,
};

const COLUMN_LABELS: Partial<Record<VariantColumn, string>> = {
  ...Object.fromEntries(TEXT_COLUMNS.map((c) => [c.column, c.label])),
  apart: LINE_EDITOR_MESSAGES.columnApart,
  position: LINE_EDITOR_MESSAGES.columnOrder,
};

const CELL_INPUT =
  "block min-h-11 rounded-md border border-slate-300 bg-white px-2 py-1 text-base text-slate-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-500 aria-[invalid=true]:border-danger-600";

function money(cents: number): string {
  return centsToDecimalString(cents);
}

function variantValues(v: EditorVariantView): Partial<Record<VariantColumn, string>> {
  return {
    ...postedVariantFields(v),
    label: v.name,
    note: v.fromLine ? LINE_EDITOR_MESSAGES.movingFrom(v.fromLine) : "",
    position: v.position ? String(v.position) : "",
  };
}

/** The rows the table starts with: what was posted (after an answer), else the line's and a spare one. */
function startingRows(
  variants: EditorVariantView[],
  like: LikeView | null,
  reply: LineEditorReply | undefined,
): { rows: RowModel[]; next: number } {
  const ownIds = new Set(variants.map((v) => v.id));
  const posted = reply && !reply.ok ? (reply.values as Record<string, string> | undefined) : undefined;
  let next = 1;
  const newLabel = () => LINE_EDITOR_MESSAGES.newVariant(next++);
  const rows: RowModel[] = [];
  if (posted && Object.keys(posted).some((k) => k.startsWith("variants."))) {
    const count = Math.max(
      0,
      ...Object.keys(posted).map((k) => {
        const m = /^variants\.(\d+)\./.exec(k);
        return m ? Number(m[1]) + 1 : 0;
      }),
    );
    for (let i = 0; i < count; i++) {
      const values: Partial<Record<VariantColumn, string>> = {};
      for (const [k, v] of Object.entries(posted)) {
        const m = /^variants\.(\d+)\.(\w+)$/.exec(k);
        if (m && Number(m[1]) === i) values[m[2] as VariantColumn] = v;
      }
      const id = /^\d+$/.test(values.id ?? "") ? Number(values.id) : null;
      const label = values.label || (id === null ? newLabel() : String(id));
      const numbered = /(\d+)$/.exec(label);
      if (id === null && numbered) next = Math.max(next, Number(numbered[1]) + 1);
      rows.push({ key: `row-${i}`, id, own: id !== null && ownIds.has(id), label, note: values.note ?? "", values });
    }
  } else {
    for (const v of variants)
      rows.push({ key: `v-${v.id}`, id: v.id, own: true, label: v.name, note: "", values: variantValues(v) });
    if (like) {
      const label = newLabel();
      rows.push({
        key: "like",
        id: null,
        own: false,
        label,
        note: LINE_EDITOR_MESSAGES.likeProduct(like.name),
        values: {
          like: String(like.like),
          label,
          note: LINE_EDITOR_MESSAGES.likeProduct(like.name),
          price: money(like.priceCents),
          casePack: String(like.casePack),
          minQuantity: String(like.minQuantity),
          maxQuantity: like.maxQuantity === null ? "" : String(like.maxQuantity),
          apart: like.apart ? "on" : "",
        },
      });
    }
  }
  const adding = (reply?.data as { adding?: EditorVariantView[] } | undefined)?.adding ?? [];
  for (const v of adding) {
    if (rows.some((r) => r.id === v.id)) continue;
    rows.push({
      key: `add-${v.id}`,
      id: v.id,
      own: false,
      label: v.name,
      note: v.fromLine ? LINE_EDITOR_MESSAGES.movingFrom(v.fromLine) : "",
      values: { ...variantValues(v), position: "" },
    });
  }
  // A spare row for a new variant (left empty, it is not one).
  if (!rows.some((r) => r.id === null)) {
    const label = newLabel();
    rows.push({ key: `new-${label.replaceAll(" ", "-")}`, id: null, own: false, label, note: "", values: { label } });
  }
  return { rows, next };
}

function posted(reply: LineEditorReply | undefined, name: FieldNameOf, saved: string): string {
  const values = reply && !reply.ok ? (reply.values as Record<string, string> | undefined) : undefined;
  return values && name in values ? (values[name] ?? saved) : saved;
}

/**
 * The product line editor (issue 38): the line's name, description, category, brand, puffs and
 * option names, and its variants as one table saved at once. Works before the page's script has
 * run (one form; a spare row for a new variant); with it, rows are added and discarded in place,
 * the option columns follow the names typed, and removing variants asks first (decision 0023).
 */
export function LineEditor({
  line,
  variants,
  tiers,
  like,
  reply,
}: {
  line: LineView | null;
  variants: EditorVariantView[];
  tiers: Tier[];
  like: LikeView | null;
  reply: LineEditorReply | undefined;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const busy = useNavigation().state === "submitting";
  const errors = (reply?.fieldErrors ?? {}) as Partial<Record<string, string>>;
  const [start] = useState(() => startingRows(variants, like, reply));
  const [rows, setRows] = useState<RowModel[]>(start.rows);
  const nextNew = useRef(start.next);
  const nameRef = useRef<HTMLInputElement>(null);
  const optionRefs = [useRef<HTMLInputElement>(null), useRef<HTMLInputElement>(null), useRef<HTMLInputElement>(null)];
  const [lineName, setLineName] = useState(posted(reply, "name", line?.name ?? ""));
  const [optionNames, setOptionNames] = useState<string[]>(() =>
    OPTION_NAME_FIELDS.map((f, i) => posted(reply, f, line?.optionNames[i] ?? "")),
  );
  // What was typed before the page's script ran (the fields are the browser's until then).
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the script starts
  useEffect(() => {
    if (nameRef.current) setLineName(nameRef.current.value);
    setOptionNames(optionRefs.map((r, i) => r.current?.value ?? optionNames[i] ?? ""));
  }, []);

  const shownOptions = optionNames
    .map((name, i) => ({ name: name.trim(), column: (["option1", "option2", "option3"] as const)[i] as VariantColumn }))
    .filter((o) => o.name !== "");

  // Keyboard: a new row's first field takes the focus; a discarded row's goes to "Add a variant".
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusRow, setFocusRow] = useState<string | null>(null);
  const firstColumn: VariantColumn = shownOptions[0]?.column ?? "sku";
  useEffect(() => {
    if (focusRow === null) return;
    document.getElementById(`line-${focusRow}-${firstColumn}`)?.focus();
    setFocusRow(null);
  }, [focusRow, firstColumn]);
  const addRow = () => {
    const label = LINE_EDITOR_MESSAGES.newVariant(nextNew.current++);
    const key = `new-${label.replaceAll(" ", "-")}`;
    setRows((current) => [...current, { key, id: null, own: false, label, note: "", values: { label } }]);
    setFocusRow(key);
  };
  const discard = (key: string) => {
    setRows((current) => current.filter((r) => r.key !== key));
    addButton.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!(submitter instanceof HTMLButtonElement) || submitter.value !== "save") return;
    const removing = [...new FormData(event.currentTarget).keys()].filter((k) =>
      /^variants\.\d+\.remove$/.test(k),
    ).length;
    if (removing === 0) return;
    askThenSubmit(
      event,
      LINE_EDITOR_MESSAGES.removeQuestion(removing),
      (form) => void submit(form, { method: "post" }),
    );
  };

  const inputId = (row: RowModel, column: string) => `line-${row.key}-${column}`;
  const fieldWhere = (field: string): { href: string; where: string } => {
    const m = /^variants\.(\d+)\.(\w+)$/.exec(field);
    if (m) {
      const row = rows[Number(m[1])];
      const column = m[2] as VariantColumn;
      const option = shownOptions.find((o) => o.column === column);
      const label = option?.name ?? COLUMN_LABELS[column] ?? LINE_EDITOR_MESSAGES.columnVariant;
      return row
        ? {
            href: `#${inputId(row, option || COLUMN_LABELS[column] ? column : "label")}`,
            where: LINE_EDITOR_MESSAGES.fieldOf(label, row.label),
          }
        : { href: "#variants-title", where: label };
    }
    const whole = /^variants\.(\d+)$/.exec(field);
    const row = whole ? rows[Number(whole[1])] : undefined;
    if (row) return { href: `#${inputId(row, "label")}`, where: row.label };
    return { href: `#line-${field}`, where: LINE_FIELD_LABELS[field as FieldNameOf] ?? field };
  };
  const problems = Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === "string");
  const adding = (reply?.data as { adding?: unknown[] } | undefined)?.adding;

  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-6" aria-labelledby="line-title">
      {line ? <input type="hidden" name="version" value={line.version} /> : null}
      {problems.length ? (
        <div
          role="alert"
          className="rounded-md border border-danger-600 bg-danger-50 px-3 py-2 text-sm text-danger-700"
        >
          <p className="font-semibold">{reply?.message ?? LINE_EDITOR_MESSAGES.checkTheRows}</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map(([field, message]) => {
              const { href, where } = fieldWhere(field);
              return (
                <li key={field}>
                  <a href={href} className="underline underline-offset-2">
                    {LINE_EDITOR_MESSAGES.errorAt(where, message)}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ) : reply?.message && !confirmStepOf(reply) ? (
        <FormMessage tone={adding ? "info" : "error"}>{reply.message}</FormMessage>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          ref={nameRef}
          id="line-name"
          label="Name"
          name="name"
          required
          maxLength={200}
          defaultValue={posted(reply, "name", line?.name ?? "")}
          onChange={(e) => setLineName(e.currentTarget.value)}
          error={errors.name}
          className="sm:col-span-2"
        />
        <TextField
          id="line-brand"
          label="Brand"
          name="brand"
          maxLength={80}
          defaultValue={posted(reply, "brand", line?.brand ?? "")}
          hint={LINE_EDITOR_MESSAGES.brandHint}
          error={errors.brand}
        />
        <SelectField
          id="line-category"
          label="Category"
          name="category"
          required
          defaultValue={posted(reply, "category", line?.category ?? "")}
          placeholder="Choose a category"
          options={CATEGORIES.map((c) => ({ value: c.slug, label: c.navLabel }))}
          error={errors.category}
        />
        <TextField
          id="line-puffs"
          label="Puffs"
          name="puffs"
          inputMode="numeric"
          defaultValue={posted(reply, "puffs", line?.puffs ? String(line.puffs) : "")}
          hint={LINE_EDITOR_MESSAGES.puffsHint}
          error={errors.puffs}
        />
        <TextAreaField
          id="line-description"
          label="Description"
          name="description"
          rows={4}
          maxLength={5000}
          defaultValue={posted(reply, "description", line?.description ?? "")}
          error={errors.description}
          className="sm:col-span-2"
        />
      </div>

      <fieldset
        className="grid gap-3 rounded-md border border-slate-200 p-4 sm:grid-cols-3"
        aria-describedby="line-options-hint"
      >
        <legend className="px-1 text-sm font-semibold text-slate-800">{LINE_EDITOR_MESSAGES.optionsLegend}</legend>
        <p id="line-options-hint" className="text-sm text-slate-600 sm:col-span-3">
          {LINE_EDITOR_MESSAGES.optionsHint}
        </p>
        {OPTION_NAME_FIELDS.map((field, i) => (
          <TextField
            key={field}
            ref={optionRefs[i]}
            id={`line-${field}`}
            label={LINE_EDITOR_MESSAGES.optionNameLabel(i + 1)}
            name={field}
            maxLength={40}
            placeholder={["Flavor", "Nicotine", "Count"][i]}
            defaultValue={posted(reply, field, line?.optionNames[i] ?? "")}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setOptionNames((names) => names.map((n, j) => (j === i ? value : n)));
            }}
            error={errors[field]}
          />
        ))}
      </fieldset>

      <section aria-labelledby="variants-title" className="flex flex-col gap-3">
        <div>
          <h3 id="variants-title" className="text-lg font-bold text-slate-900">
            {LINE_EDITOR_MESSAGES.variantsHeading}
          </h3>
          <p className="text-sm text-slate-600">{LINE_EDITOR_MESSAGES.variantsHint}</p>
          <p className="text-sm text-slate-600">{LINE_EDITOR_MESSAGES.columnApartHint}</p>
        </div>
        <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-max min-w-full text-left text-sm">
            <caption className="sr-only">{LINE_EDITOR_MESSAGES.variantsCaption(lineName.trim())}</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="sticky left-0 z-10 w-32 bg-slate-50 p-2 sm:w-44">
                  {LINE_EDITOR_MESSAGES.columnVariant}
                </th>
                {shownOptions.map((o) => (
                  <th key={o.column} scope="col" className="p-2">
                    {o.name}
                  </th>
                ))}
                {TEXT_COLUMNS.map((c) => (
                  <th key={c.column} scope="col" className="p-2">
                    {c.label}
                  </th>
                ))}
                <th scope="col" className="w-20 p-2 leading-tight">
                  {LINE_EDITOR_MESSAGES.columnApart}
                </th>
                <th scope="col" className="p-2">
                  {LINE_EDITOR_MESSAGES.columnOrder}
                </th>
                <th scope="col" className="w-20 p-2 leading-tight">
                  {LINE_EDITOR_MESSAGES.columnRemove}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row, i) => {
                const name = (column: VariantColumn) => variantField(i, column);
                const error = (column: VariantColumn) => errors[name(column)];
                const cell = (
                  column: VariantColumn,
                  label: string,
                  width: string,
                  inputMode: "text" | "numeric" | "decimal",
                ) => {
                  const problem = error(column);
                  const id = inputId(row, column);
                  return (
                    <td key={column} className="p-2 align-top">
                      <input
                        id={id}
                        name={name(column)}
                        defaultValue={row.values[column] ?? ""}
                        aria-label={LINE_EDITOR_MESSAGES.fieldOf(label, row.label)}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? `${id}-error` : undefined}
                        inputMode={inputMode}
                        autoComplete="off"
                        className={`${CELL_INPUT} ${width}`}
                      />
                      {problem ? (
                        <p id={`${id}-error`} className={`mt-1 text-xs text-danger-700 ${width}`}>
                          {problem}
                        </p>
                      ) : null}
                    </td>
                  );
                };
                const rowProblem = errors[`variants.${i}`];
                return (
                  <tr key={row.key} className="align-top">
                    <th
                      scope="row"
                      className="sticky left-0 z-10 w-32 bg-white p-2 text-left text-xs font-medium sm:w-44 sm:text-sm"
                    >
                      {(["id", "version", "stockSeen", "like", "label", "note"] as const).map((c) => (
                        <input
                          key={c}
                          type="hidden"
                          name={name(c)}
                          value={row.values[c] ?? (c === "label" ? row.label : "")}
                        />
                      ))}
                      <span id={inputId(row, "label")} className="block break-words">
                        {row.id !== null ? (
                          <Link
                            to={`/admin/products/${row.id}`}
                            className="text-brand-800 underline-offset-2 hover:underline"
                          >
                            {row.label}
                          </Link>
                        ) : (
                          <span className="text-slate-700">{row.label}</span>
                        )}
                      </span>
                      {row.note ? (
                        <span className="mt-1 block text-xs font-normal text-slate-600">{row.note}</span>
                      ) : null}
                      {rowProblem ? <span className="mt-1 block text-xs text-danger-700">{rowProblem}</span> : null}
                    </th>
                    {shownOptions.map((o) => cell(o.column, o.name, "w-32", "text"))}
                    {TEXT_COLUMNS.map((c) => cell(c.column, c.label, c.width, c.mode))}
                    <td className="p-2 text-center align-middle">
                      <input
                        type="checkbox"
                        name={name("apart")}
                        value="on"
                        defaultChecked={(row.values.apart ?? "") !== ""}
                        aria-label={LINE_EDITOR_MESSAGES.fieldOf(LINE_EDITOR_MESSAGES.columnApart, row.label)}
                        className="size-6 accent-brand-700"
                      />
                    </td>
                    {cell("position", LINE_EDITOR_MESSAGES.columnOrder, "w-16", "numeric")}
                    <td className="p-2 text-center align-middle">
                      {row.own ? (
                        <input
                          type="checkbox"
                          name={name("remove")}
                          value="on"
                          defaultChecked={(row.values.remove ?? "") !== ""}
                          aria-label={LINE_EDITOR_MESSAGES.removeVariant(row.label)}
                          className="size-6 accent-danger-600"
                        />
                      ) : (
                        <Button
                          variant="ghost"
                          className="text-danger-700"
                          disabled={!hydrated}
                          onClick={() => discard(row.key)}
                          aria-label={LINE_EDITOR_MESSAGES.discardVariant(row.label)}
                        >
                          ✕
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div>
          <Button ref={addButton} variant="secondary" disabled={!hydrated} onClick={addRow}>
            {LINE_EDITOR_MESSAGES.addVariant}
          </Button>
        </div>
      </section>

      <TextAreaField
        id="line-tiers"
        label={LINE_EDITOR_MESSAGES.tiersLabel}
        name="tiers"
        rows={3}
        maxLength={2000}
        placeholder="50, 119.00"
        defaultValue={posted(reply, "tiers", tiersToText(tiers))}
        hint={LINE_EDITOR_MESSAGES.tiersHint}
        error={errors.tiers}
      />

      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {line ? LINE_EDITOR_MESSAGES.saveLine : LINE_EDITOR_MESSAGES.createLine}
        </Button>
        <ButtonLink to="/admin/products" variant="secondary">
          Cancel
        </ButtonLink>
        {line ? (
          <ButtonLink to={`/lines/${line.slug}`} variant="ghost">
            View in store
          </ButtonLink>
        ) : null}
      </div>

      <section aria-labelledby="existing-title" className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
        <h3 id="existing-title" className="text-lg font-bold text-slate-900">
          {LINE_EDITOR_MESSAGES.existingHeading}
        </h3>
        <TextAreaField
          id="line-existing"
          label={LINE_EDITOR_MESSAGES.existingLabel}
          name="existing"
          rows={2}
          maxLength={4000}
          autoComplete="off"
          defaultValue={adding ? "" : posted(reply, "existing", "")}
          hint={LINE_EDITOR_MESSAGES.existingHint}
          error={errors.existing}
        />
        <div>
          <Button type="submit" name="intent" value="add-existing" variant="secondary" disabled={busy}>
            {LINE_EDITOR_MESSAGES.existingAdd}
          </Button>
        </div>
      </section>
    </Form>
  );
}
