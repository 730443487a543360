import type { Kysely, Transaction } from "kysely";
import * as TAX_MESSAGES from "~/lib/messages/sales-tax";
import type { JurisdictionKind } from "~/lib/sales-tax";
import type { JurisdictionInput, TaxStateInput } from "~/lib/schemas/sales-tax";
import { type Actor, recordAudit } from "../audit/log";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { DomainError } from "../runtime/domain-error";

/**
 * Sales tax as data (issue 41; decision 0071): the states where the store collects (nexus) and
 * how it sources a sale there, and the rates of each jurisdiction with their days. Every change is
 * audited; a rate is never edited under a sale already made (orders keep the rates they were
 * charged in order_line_tax), so a new rate is a new row from its first day.
 */

type Db = Kysely<DB> | Transaction<DB>;

export class SalesTaxError extends DomainError {}

export interface TaxStateView {
  state: string;
  collects: boolean;
  sourcing: "origin" | "destination";
  originZip: string | null;
  pendingGraceDays: number;
}

export async function listTaxStates(db: Db): Promise<TaxStateView[]> {
  const rows = await db.selectFrom("sales_tax_states").selectAll().orderBy("state").execute();
  return rows.map((r) => ({
    state: r.state,
    collects: r.collects === 1,
    sourcing: r.sourcing,
    originZip: r.origin_zip,
    pendingGraceDays: Number(r.pending_grace_days),
  }));
}

/** Adds or changes where and how the store collects in a state, audited. */
export async function saveTaxState(db: Kysely<DB>, input: TaxStateInput, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = (await listTaxStates(trx)).find((s) => s.state === input.state);
    const values = {
      collects: input.collects ? 1 : 0,
      sourcing: input.sourcing,
      origin_zip: input.originZip,
      pending_grace_days: input.pendingGraceDays,
      updated_at: sqlNow(dialectOf(trx)),
    };
    await trx
      .insertInto("sales_tax_states")
      .values({ state: input.state, ...values })
      .onConflict((oc) => oc.column("state").doUpdateSet(values))
      .execute();
    await recordAudit(trx, actor, {
      action: before ? "sales_tax_state.update" : "sales_tax_state.create",
      subjectType: "sales-tax-state",
      subjectId: input.state,
      summary: `Sales tax in ${input.state}: ${input.collects ? "collected" : "not collected"}`,
      ...(before ? { before: { ...before } } : {}),
      after: { ...input },
    });
  });
}

export interface JurisdictionView {
  id: number;
  state: string;
  kind: JurisdictionKind;
  name: string;
  code: string;
  ratePpm: number;
  effectiveFrom: string;
  effectiveUntil: string | null;
  zips: string[];
}

export async function listJurisdictions(db: Db, state?: string): Promise<JurisdictionView[]> {
  let q = db
    .selectFrom("sales_tax_jurisdictions")
    .selectAll()
    .orderBy("state")
    .orderBy("kind")
    .orderBy("name")
    .orderBy("effective_from");
  if (state) q = q.where("state", "=", state);
  const rows = await q.execute();
  const zips =
    rows.length === 0
      ? []
      : await db
          .selectFrom("sales_tax_jurisdiction_zips")
          .select(["jurisdiction_id", "zip"])
          .where(
            "jurisdiction_id",
            "in",
            rows.map((r) => r.id),
          )
          .orderBy("zip")
          .execute();
  return rows.map((r) => ({
    id: r.id,
    state: r.state,
    kind: r.kind,
    name: r.name,
    code: r.code,
    ratePpm: Number(r.rate_ppm),
    effectiveFrom: r.effective_from,
    effectiveUntil: r.effective_until,
    zips: zips.filter((z) => z.jurisdiction_id === r.id).map((z) => z.zip),
  }));
}

/** Refuses a rate of the same jurisdiction (state, kind, name) whose days overlap the new one's. */
async function refuseOverlap(db: Db, input: JurisdictionInput, except?: number): Promise<void> {
  const until = input.effectiveUntil ?? "9999-12-31";
  let q = db
    .selectFrom("sales_tax_jurisdictions")
    .select("id")
    .where("state", "=", input.state)
    .where("kind", "=", input.kind)
    .where("name", "=", input.name)
    .where("effective_from", "<=", until)
    .where((eb) => eb.or([eb("effective_until", "is", null), eb("effective_until", ">=", input.effectiveFrom)]));
  if (except !== undefined) q = q.where("id", "!=", except);
  if (await q.executeTakeFirst())
    throw new SalesTaxError(TAX_MESSAGES.overlappingRate(input.name), { status: 409, field: "effectiveFrom" });
}

/** Adds (id undefined) or changes a jurisdiction's rate and ZIP codes, audited. Returns its id. */
export async function saveJurisdiction(
  db: Kysely<DB>,
  id: number | undefined,
  input: JurisdictionInput,
  actor: Actor,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await refuseOverlap(trx, input, id);
    const now = sqlNow(dialectOf(trx));
    const columns = {
      state: input.state,
      kind: input.kind,
      name: input.name,
      code: input.code,
      rate_ppm: input.rate,
      effective_from: input.effectiveFrom,
      effective_until: input.effectiveUntil,
      updated_at: now,
    };
    let jurisdictionId: number;
    let before: JurisdictionView | undefined;
    if (id === undefined) {
      const row = await trx
        .insertInto("sales_tax_jurisdictions")
        .values({ ...columns, created_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      jurisdictionId = row.id;
    } else {
      before = (await listJurisdictions(trx)).find((j) => j.id === id);
      if (!before) throw new SalesTaxError(TAX_MESSAGES.jurisdictionNotFound, { status: 404 });
      await trx.updateTable("sales_tax_jurisdictions").set(columns).where("id", "=", id).execute();
      await trx.deleteFrom("sales_tax_jurisdiction_zips").where("jurisdiction_id", "=", id).execute();
      jurisdictionId = id;
    }
    if (input.zips.length > 0)
      await trx
        .insertInto("sales_tax_jurisdiction_zips")
        .values(input.zips.map((zip) => ({ jurisdiction_id: jurisdictionId, zip })))
        .execute();
    await recordAudit(trx, actor, {
      action: id === undefined ? "sales_tax_rate.create" : "sales_tax_rate.update",
      subjectType: "sales-tax-rate",
      subjectId: jurisdictionId,
      summary: `Sales tax rate of ${input.name} (${input.state}) ${id === undefined ? "added" : "saved"}`,
      ...(before ? { before: { ...before } } : {}),
      after: { ...input },
    });
    return jurisdictionId;
  });
}
