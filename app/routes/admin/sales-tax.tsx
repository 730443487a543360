import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { getDb } from "~/.server/db/instance";
import { formAction } from "~/.server/http/form-action";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { listJurisdictions, listTaxStates, saveJurisdiction, saveTaxState } from "~/.server/tax/rates";
import { feeAnswersOn } from "~/.server/tax/taxability-rules";
import { TaxesNav } from "~/components/admin/taxes-nav";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { FormMessage, SelectField, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { storeToday } from "~/lib/business";
import type { FormReply } from "~/lib/form-reply";
import * as TAX_MESSAGES from "~/lib/messages/sales-tax";
import { formatRate, JURISDICTION_KINDS } from "~/lib/sales-tax";
import { idOrNull, idParam } from "~/lib/schemas/params";
import { jurisdictionSchema, taxStateSchema } from "~/lib/schemas/sales-tax";
import { US_STATES } from "~/lib/us-states";
import type { Route } from "./+types/sales-tax";

export function meta() {
  return [{ title: "Sales tax" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  const url = new URL(request.url);
  const editing = idParam(url.searchParams.get("rate"));
  const [states, rates, fees] = await Promise.all([
    listTaxStates(db),
    listJurisdictions(db),
    feeAnswersOn(db, storeToday()),
  ]);
  return {
    // Whether the fees are taxed today, as the state's taxability rules say (decision 0075).
    states: states.map((s) => ({
      ...s,
      deliveryTaxed: fees[s.state]?.delivery ?? false,
      exciseTaxed: fees[s.state]?.excise ?? false,
    })),
    rates,
    rate: editing === null ? null : (rates.find((r) => r.id === editing) ?? null),
    state: states.find((s) => s.state === url.searchParams.get("state")) ?? null,
  };
}

const actionSchema = z.discriminatedUnion("intent", [
  taxStateSchema.safeExtend({ intent: z.literal("save-state") }),
  jurisdictionSchema.safeExtend({ intent: z.literal("save-rate"), rateId: idOrNull }),
]);

export async function action({ context }: Route.ActionArgs) {
  return formAction(formOf(context), actionSchema, async (input) => {
    const db = getDb();
    const actor = actorOf(context);
    if (input.intent === "save-state") {
      const { intent: _intent, ...state } = input;
      await saveTaxState(db, state, actor);
      return redirectWithToast("/admin/sales-tax", { type: "success", message: TAX_MESSAGES.stateSaved(state.state) });
    }
    const { intent: _intent, rateId, ...rate } = input;
    await saveJurisdiction(db, rateId ?? undefined, rate, actor);
    return redirectWithToast("/admin/sales-tax", {
      type: "success",
      message: TAX_MESSAGES.jurisdictionSaved(rate.name),
    });
  });
}

type Data = Route.ComponentProps["loaderData"];
type Reply = FormReply<unknown, string> | undefined;
const STATE_OPTIONS = US_STATES.map(([code, name]) => ({ value: code, label: `${name} (${code})` }));

function replyOf(reply: Reply, intent: string) {
  const mine = reply && !reply.ok && reply.values?.intent === intent ? reply : undefined;
  const errors = (mine?.fieldErrors ?? {}) as Record<string, string | undefined>;
  const posted = mine?.values as Record<string, string | undefined> | undefined;
  const v = (name: string, fallback: string) => (posted && name in posted ? (posted[name] ?? "") : fallback);
  const checked = (name: string, fallback: boolean) => (posted ? posted[name] === "on" : fallback);
  return { mine, errors, v, checked };
}

function Check({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
      <input type="checkbox" name={name} defaultChecked={checked} className="size-4 accent-brand-600" />
      {label}
    </label>
  );
}

function StateForm({ state, reply, busy }: { state: Data["state"]; reply: Reply; busy: boolean }) {
  const { mine, errors, v, checked } = replyOf(reply, "save-state");
  const sourcing = v("sourcing", state?.sourcing ?? "destination");
  return (
    <Form method="post" noValidate className="mt-3 flex flex-col gap-4" key={state?.state ?? "new"}>
      <input type="hidden" name="intent" value="save-state" />
      {mine?.message ? <FormMessage tone="error">{mine.message}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="State"
          name="state"
          required
          options={STATE_OPTIONS}
          placeholder="Choose a state"
          defaultValue={v("state", state?.state ?? "")}
          error={errors.state}
        />
        <SelectField
          label="Local tax sourced at"
          name="sourcing"
          options={[
            { value: "origin", label: "The store's place of business (origin)" },
            { value: "destination", label: "The ship-to address (destination)" },
          ]}
          defaultValue={sourcing}
          error={errors.sourcing}
        />
        <TextField
          label="Place of business ZIP code"
          name="originZip"
          inputMode="numeric"
          hint={TAX_MESSAGES.originZipHint}
          defaultValue={v("originZip", state?.originZip ?? "")}
          error={errors.originZip}
        />
        <TextField
          label="Grace days of a certificate waiting for review"
          name="pendingGraceDays"
          inputMode="numeric"
          required
          defaultValue={v("pendingGraceDays", String(state?.pendingGraceDays ?? 0))}
          error={errors.pendingGraceDays}
        />
      </div>
      <div className="flex flex-wrap gap-x-6">
        <Check
          name="collects"
          label="Collect sales tax in this state"
          checked={checked("collects", state?.collects ?? true)}
        />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          Save state
        </Button>
      </div>
    </Form>
  );
}

function RateForm({ rate, reply, busy }: { rate: Data["rate"]; reply: Reply; busy: boolean }) {
  const { mine, errors, v } = replyOf(reply, "save-rate");
  return (
    <Form method="post" noValidate className="mt-3 flex flex-col gap-4" key={rate?.id ?? "new"}>
      <input type="hidden" name="intent" value="save-rate" />
      {rate ? <input type="hidden" name="rateId" value={rate.id} /> : null}
      {mine?.message ? <FormMessage tone="error">{mine.message}</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="State"
          name="state"
          required
          options={STATE_OPTIONS}
          placeholder="Choose a state"
          defaultValue={v("state", rate?.state ?? "TX")}
          error={errors.state}
        />
        <SelectField
          label="Kind"
          name="kind"
          required
          options={JURISDICTION_KINDS}
          defaultValue={v("kind", rate?.kind ?? "city")}
          error={errors.kind}
        />
        <TextField
          label="Name"
          name="name"
          required
          maxLength={80}
          defaultValue={v("name", rate?.name ?? "")}
          error={errors.name}
        />
        <TextField
          label="Comptroller code (optional)"
          name="code"
          maxLength={20}
          defaultValue={v("code", rate?.code ?? "")}
          error={errors.code}
        />
        <TextField
          label="Rate (%)"
          name="rate"
          inputMode="decimal"
          required
          hint={TAX_MESSAGES.rateHint}
          defaultValue={v("rate", rate ? formatRate(rate.ratePpm).replace("%", "") : "")}
          error={errors.rate}
        />
        <TextField
          label="First day"
          name="effectiveFrom"
          type="date"
          required
          defaultValue={v("effectiveFrom", rate?.effectiveFrom ?? "")}
          error={errors.effectiveFrom}
        />
        <TextField
          label="Last day (optional)"
          name="effectiveUntil"
          type="date"
          defaultValue={v("effectiveUntil", rate?.effectiveUntil ?? "")}
          error={errors.effectiveUntil}
        />
        <TextField
          label="ZIP codes (local rates)"
          name="zips"
          className="sm:col-span-2"
          hint="5-digit ZIP codes separated by commas; none for a state's own rate."
          defaultValue={v("zips", rate?.zips.join(", ") ?? "")}
          error={errors.zips}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {rate ? "Save rate" : "Add rate"}
        </Button>
        {rate ? (
          <Link to="/admin/sales-tax" className="self-center text-sm font-semibold text-brand-700 underline">
            Cancel
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** Sales tax as data (issue 41): where the store collects and how it sources, and every rate. */
export default function AdminSalesTax({ loaderData }: Route.ComponentProps) {
  const { states, rates, rate, state } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="flex flex-col gap-6">
      <TaxesNav />
      <section aria-labelledby="states-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="states-title" className="text-xl font-bold text-slate-900">
          Where the store collects sales tax
        </h2>
        <DataTable
          caption="States"
          rows={states}
          rowKey={(s) => s.state}
          rowHeader
          empty={TAX_MESSAGES.noStates}
          className="mt-3"
          columns={[
            {
              key: "state",
              header: "State",
              cell: (s) => (
                <Link to={`/admin/sales-tax?state=${s.state}`} className="font-semibold text-brand-700 underline">
                  {s.state}
                  <span className="sr-only"> (edit)</span>
                </Link>
              ),
            },
            {
              key: "collects",
              header: "Collects",
              cell: (s) => (s.collects ? <Badge tone="ok">Collects</Badge> : <Badge tone="neutral">Off</Badge>),
            },
            {
              key: "sourcing",
              header: "Local tax sourced at",
              cell: (s) => (s.sourcing === "origin" ? `Origin (${s.originZip ?? ""})` : "Destination"),
            },
            { key: "delivery", header: "Delivery taxed today", cell: (s) => (s.deliveryTaxed ? "Yes" : "No") },
            { key: "excise", header: "Excise taxed today", cell: (s) => (s.exciseTaxed ? "Yes" : "No") },
            { key: "grace", header: "Grace days", cell: (s) => s.pendingGraceDays, numeric: true },
          ]}
        />
        <p className="mt-3 text-sm text-slate-600">
          {TAX_MESSAGES.feesByRules}{" "}
          <Link to="/admin/sales-tax/rules" className="font-semibold text-brand-700 underline">
            Taxability rules
          </Link>
        </p>
        <h3 className="mt-5 text-lg font-semibold text-slate-900">{state ? `Edit ${state.state}` : "Add a state"}</h3>
        <StateForm state={state} reply={reply} busy={busy} />
      </section>
      <section aria-labelledby="rates-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="rates-title" className="text-xl font-bold text-slate-900">
          Rates
        </h2>
        <DataTable
          caption="Sales tax rates"
          rows={rates}
          rowKey={(r) => String(r.id)}
          rowHeader
          empty={TAX_MESSAGES.noRates}
          className="mt-3"
          columns={[
            {
              key: "name",
              header: "Jurisdiction",
              cell: (r) => (
                <Link to={`/admin/sales-tax?rate=${r.id}`} className="font-semibold text-brand-700 underline">
                  {r.name}
                  <span className="sr-only"> (edit)</span>
                </Link>
              ),
            },
            { key: "state", header: "State", cell: (r) => r.state },
            {
              key: "kind",
              header: "Kind",
              cell: (r) => JURISDICTION_KINDS.find((k) => k.value === r.kind)?.label ?? r.kind,
            },
            { key: "rate", header: "Rate", cell: (r) => formatRate(r.ratePpm), numeric: true },
            {
              key: "days",
              header: "In force",
              cell: (r) => `${r.effectiveFrom} to ${r.effectiveUntil ?? "open"}`,
            },
            {
              key: "zips",
              header: "ZIP codes",
              cell: (r) =>
                r.zips.length === 0
                  ? "Whole state"
                  : `${r.zips.length}: ${r.zips.slice(0, 3).join(", ")}${r.zips.length > 3 ? "…" : ""}`,
            },
          ]}
        />
        <h3 className="mt-5 text-lg font-semibold text-slate-900">{rate ? `Edit ${rate.name}` : "Add a rate"}</h3>
        <RateForm rate={rate} reply={reply} busy={busy} />
      </section>
    </div>
  );
}
