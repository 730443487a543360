import { Form, Link, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { getDb } from "~/.server/db/instance";
import { askFirst, isConfirmed } from "~/.server/http/confirmation";
import { formAction } from "~/.server/http/form-action";
import { replyError } from "~/.server/http/forms";
import { redirectWithToast } from "~/.server/http/toast";
import {
  assignCustomer,
  createPriceGroup,
  deletePriceGroup,
  listGroupMembers,
  listGroupPrices,
  listPriceGroups,
  setGroupPrices,
  unassignCustomer,
  updatePriceGroup,
} from "~/.server/pricing/groups";
import { actorOf, formOf } from "~/.server/request/context";
import { ConfirmPanel } from "~/components/confirm-panel";
import { Button } from "~/components/ui/button";
import { FormMessage, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { askThenSubmit, confirmStepOf } from "~/lib/confirmation";
import { type FormReply, fieldError, intentOf, postedValue } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { centsToDecimalString, formatCents } from "~/lib/money";
import { idField } from "~/lib/schemas/back-office";
import { hiddenText, idOrNull, idParam } from "~/lib/schemas/params";
import { parseGroupPrices, priceGroupFields, readPriceGroup } from "~/lib/schemas/price-groups";
import type { Route } from "./+types/price-groups";

export function meta() {
  return [{ title: "Price groups" }, { name: "robots", content: "noindex" }];
}

/** The list of groups, and the one chosen with ?group= (its members and explicit prices). */
export async function loader({ url }: Route.LoaderArgs) {
  const db = getDb();
  const groups = await listPriceGroups(db);
  const chosenId = idParam(url.searchParams.get("group") ?? "");
  const chosen = groups.find((g) => g.id === chosenId) ?? null;
  return {
    groups,
    chosen: chosen
      ? {
          ...chosen,
          members: await listGroupMembers(db, chosen.id),
          prices: await listGroupPrices(db, chosen.id),
        }
      : null,
  };
}

const here = (groupId?: number) => (groupId ? `/admin/price-groups?group=${groupId}` : "/admin/price-groups");

function percentText(bp: number): string {
  return `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;
}

/** The group a form is for: an id the page showed; anything else is not an action there is. */
const groupIdField = idField(MESSAGES.chooseAction);

/** The price groups page's forms: a group's fields, its prices, its customers, its deletion. */
const priceGroupsSchema = z
  .discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("create"), ...priceGroupFields }),
      z.object({ intent: z.literal("update"), groupId: groupIdField, ...priceGroupFields }),
      z.object({ intent: z.literal("delete"), groupId: groupIdField }),
      z.object({
        intent: z.literal("prices"),
        groupId: groupIdField,
        prices: hiddenText(200_000).transform((text, ctx) => {
          const parsed = parseGroupPrices(text);
          if (parsed.ok) return parsed.lines;
          ctx.addIssue({ code: "custom", message: parsed.message });
          return z.NEVER;
        }),
      }),
      z.object({ intent: z.literal("assign"), groupId: groupIdField, customer: hiddenText(200) }),
      z.object({
        intent: z.literal("unassign"),
        groupId: idOrNull,
        userId: hiddenText(100).refine((v) => v !== "", MESSAGES.chooseAction),
      }),
    ],
    { error: MESSAGES.chooseAction },
  )
  .transform((v, ctx) =>
    v.intent === "create" || v.intent === "update" ? { ...v, group: readPriceGroup(v, ctx) } : v,
  );

export async function action({ context }: Route.ActionArgs) {
  const form = formOf(context);
  const db = getDb();
  const actor = actorOf(context);
  return formAction(
    form,
    priceGroupsSchema,
    async (input) => {
      switch (input.intent) {
        case "create": {
          const id = await createPriceGroup(db, input.group, actor);
          return redirectWithToast(here(id), {
            type: "success",
            message: BACK_OFFICE_MESSAGES.groupCreated(input.group.name),
          });
        }
        case "update": {
          await updatePriceGroup(db, input.groupId, input.group, actor);
          return redirectWithToast(here(input.groupId), {
            type: "success",
            message: BACK_OFFICE_MESSAGES.groupSaved(input.group.name),
          });
        }
        case "delete": {
          const { groupId } = input;
          if (!isConfirmed(form)) {
            const group = (await listPriceGroups(db)).find((g) => g.id === groupId);
            if (!group) return replyError({ message: MESSAGES.chooseAction });
            return askFirst({
              question: BACK_OFFICE_MESSAGES.confirmDeleteGroup(group.name),
              fields: { intent: "delete", groupId: String(groupId) },
              danger: true,
            });
          }
          const name = await deletePriceGroup(db, groupId, actor);
          return redirectWithToast(here(), { type: "success", message: BACK_OFFICE_MESSAGES.groupDeleted(name) });
        }
        case "prices": {
          const count = await setGroupPrices(db, input.groupId, input.prices, actor);
          return redirectWithToast(here(input.groupId), {
            type: "success",
            message: BACK_OFFICE_MESSAGES.groupPricesSaved(count),
          });
        }
        case "assign": {
          const email = await assignCustomer(db, input.groupId, input.customer, actor);
          const group = (await listPriceGroups(db)).find((g) => g.id === input.groupId)?.name ?? "";
          return redirectWithToast(here(input.groupId), {
            type: "success",
            message: BACK_OFFICE_MESSAGES.customerAssigned(email, group),
          });
        }
        case "unassign": {
          const email = await unassignCustomer(db, input.userId, actor);
          return redirectWithToast(here(input.groupId ?? undefined), {
            type: "success",
            message: BACK_OFFICE_MESSAGES.customerUnassigned(email),
          });
        }
      }
    },
    // The group's fields, its prices and the customer box say their problems beside them; a
    // missing group or customer row, above the page.
    { fields: ["name", "kind", "percentOff", "prices", "customer"] },
  );
}

function GroupFields({
  reply,
  saved,
}: {
  reply: FormReply<unknown> | undefined;
  saved?: { name: string; kind: string; percentOffBp: number };
}) {
  const errors = reply?.fieldErrors ?? {};
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField
        label="Group name"
        name="name"
        required
        maxLength={60}
        defaultValue={postedValue(reply, "name", saved?.name)}
        error={errors.name}
      />
      <SelectField
        label="Pricing"
        name="kind"
        defaultValue={postedValue(reply, "kind", saved?.kind ?? "percent")}
        error={errors.kind}
        options={[
          { value: "percent", label: "Percent off list price" },
          { value: "explicit", label: "Own price per product" },
        ]}
      />
      <TextField
        label="Percent off"
        name="percentOff"
        inputMode="decimal"
        placeholder="10"
        defaultValue={postedValue(reply, "percentOff", saved ? String(saved.percentOffBp / 100) : "")}
        error={errors.percentOff}
      />
    </div>
  );
}

export default function PriceGroups({ loaderData }: Route.ComponentProps) {
  const { groups, chosen } = loaderData;
  const reply = useSettledActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const submit = useSubmit();
  // A delete posted before the page's JavaScript ran is answered with its question.
  const step = confirmStepOf(reply);
  const intent = (name: string) => (reply && postedValue(reply, "intent") === name ? reply : undefined);
  return (
    <div className="flex flex-col gap-6">
      {step ? (
        <ConfirmPanel step={step} />
      ) : reply?.message ? (
        <FormMessage tone="error">{reply.message}</FormMessage>
      ) : null}
      <section aria-labelledby="groups-title" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="groups-title" className="text-xl font-bold text-slate-900">
          Price groups
        </h2>
        {groups.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">{BACK_OFFICE_MESSAGES.noPriceGroups}</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {groups.map((g) => (
              <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link to={here(g.id)} className="font-semibold text-brand-700 underline underline-offset-2">
                  {g.name}
                </Link>
                <span className="text-sm text-slate-600">
                  {g.kind === "percent" ? `${percentText(g.percentOffBp)} off list` : `${g.prices} own prices`} ·{" "}
                  {g.members} customer{g.members === 1 ? "" : "s"}
                </span>
              </li>
            ))}
          </ul>
        )}
        <Form method="post" noValidate className="mt-5 flex flex-col gap-4 border-t border-slate-200 pt-4">
          <h3 className="font-semibold text-slate-900">New group</h3>
          <input type="hidden" name="intent" value="create" />
          <GroupFields reply={intent("create")} />
          <div>
            <Button type="submit" disabled={busy}>
              Create group
            </Button>
          </div>
        </Form>
      </section>

      {chosen ? (
        <section
          aria-labelledby="group-title"
          className="flex flex-col gap-5 rounded-lg border border-slate-200 bg-white p-5"
        >
          <h2 id="group-title" className="text-xl font-bold text-slate-900">
            {chosen.name}
          </h2>
          <Form method="post" noValidate className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="groupId" value={chosen.id} />
            <GroupFields key={`${chosen.id}-${chosen.name}`} reply={intent("update")} saved={chosen} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={busy}>
                Save group
              </Button>
            </div>
          </Form>

          <Form method="post" noValidate className="flex flex-col gap-3 border-t border-slate-200 pt-4">
            <input type="hidden" name="intent" value="prices" />
            <input type="hidden" name="groupId" value={chosen.id} />
            <TextAreaField
              label="Group prices"
              name="prices"
              rows={6}
              placeholder="VAP-001, 11.50"
              defaultValue={postedValue(
                intent("prices"),
                "prices",
                chosen.prices.map((p) => `${p.sku}, ${centsToDecimalString(p.priceCents)}`).join("\n"),
              )}
              hint={BACK_OFFICE_MESSAGES.groupPricesHint}
              error={fieldError(intent("prices"), "prices")}
            />
            {chosen.prices.length > 0 ? (
              <p className="text-xs text-slate-600">
                {chosen.prices
                  .slice(0, 5)
                  .map((p) => `${p.sku}: ${formatCents(p.priceCents)} (list ${formatCents(p.listCents)})`)
                  .join(" · ")}
                {chosen.prices.length > 5 ? " …" : ""}
              </p>
            ) : null}
            <div>
              <Button type="submit" variant="secondary" disabled={busy}>
                Save prices
              </Button>
            </div>
          </Form>

          <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
            <h3 className="font-semibold text-slate-900">Customers</h3>
            {chosen.members.length === 0 ? (
              <p className="text-sm text-slate-600">{BACK_OFFICE_MESSAGES.noGroupMembers}</p>
            ) : null}
            <ul className="divide-y divide-slate-200">
              {chosen.members.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="text-sm">
                    {m.name} <span className="text-slate-600">{m.email}</span>
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="unassign" />
                    <input type="hidden" name="groupId" value={chosen.id} />
                    <input type="hidden" name="userId" value={m.id} />
                    <Button type="submit" variant="ghost" disabled={busy}>
                      Remove<span className="sr-only"> {m.email}</span>
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
            <Form method="post" noValidate className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="assign" />
              <input type="hidden" name="groupId" value={chosen.id} />
              <TextField
                label="Add a customer (email or username)"
                name="customer"
                required
                maxLength={200}
                defaultValue={postedValue(intent("assign"), "customer", "")}
                error={fieldError(intent("assign"), "customer")}
              />
              <Button type="submit" disabled={busy}>
                Add customer
              </Button>
            </Form>
          </div>

          <Form
            method="post"
            className="border-t border-slate-200 pt-4"
            onSubmit={(e) =>
              askThenSubmit(e, BACK_OFFICE_MESSAGES.confirmDeleteGroup(chosen.name), (form) =>
                submit(form, { method: "post" }),
              )
            }
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="groupId" value={chosen.id} />
            <Button type="submit" variant="ghost" className="text-danger-700" disabled={busy}>
              Delete group
            </Button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
