import type { Kysely } from "kysely";
import { licenseTypeLabel } from "~/lib/business";
import type { LineCompliance } from "~/lib/cart-check";
import type { BuyerLicense, Destination, Verdict } from "~/lib/compliance/engine";
import { type Refusal, refusalsAt } from "~/lib/compliance/sold-here";
import { stateName } from "~/lib/compliance/vocabulary";
import * as MESSAGES from "~/lib/messages";
import type { DB } from "../db/schema";
import { checkProducts, checkProductsForEach, judgeForEach, loadSaleContext } from "./check";
import { currentRules } from "./rule-cache";

/**
 * Where rules act for a signed-in customer: notes on product pages and listings for their default
 * address, and the check of every cart line for the address chosen at checkout. Each call costs a
 * fixed number of queries whatever the number of products (rules come from the in-memory copy).
 */
/** A customer's address as a destination: the one named, or their default (the first made, without one). */
export async function destinationOf(
  db: Kysely<DB>,
  userId: string,
  addressId: string | null,
): Promise<Destination | null> {
  let q = db.selectFrom("addresses").select(["id", "state", "zip"]).where("user_id", "=", userId);
  q = addressId ? q.where("id", "=", addressId) : q.orderBy("is_default", "desc").orderBy("created_at");
  const row = await q.executeTakeFirst();
  return row ? { state: row.state, zip: row.zip, addressId: row.id } : null;
}

/** Every address of the customer as a destination, the default one first. */
async function destinationsOf(db: Kysely<DB>, userId: string): Promise<Destination[]> {
  const rows = await db
    .selectFrom("addresses")
    .select(["id", "state", "zip"])
    .where("user_id", "=", userId)
    .orderBy("is_default", "desc")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ state: row.state, zip: row.zip, addressId: row.id }));
}

export interface ProductNote {
  /** "Not available for your Indiana address: state ban" */
  text: string;
  outcome: Verdict["outcome"];
  /** The license to upload, when that is what is missing. */
  licenseLabel: string | null;
}

function noteOf(verdict: Verdict): ProductNote | null {
  if (verdict.outcome === "allowed") return null;
  return {
    // The state whose rules refused it (the ZIP's, when it is not the state typed: issue 26).
    text: MESSAGES.notAvailableFor(stateName(verdict.state), verdict.label ?? verdict.reason ?? ""),
    outcome: verdict.outcome,
    licenseLabel: verdict.licenseType ? licenseTypeLabel(verdict.licenseType) : null,
  };
}

/** Notes for products that cannot ship to the customer's default address (none for visitors). */
export async function productNotes(
  db: Kysely<DB>,
  userId: string | null,
  productIds: readonly number[],
): Promise<Map<number, ProductNote>> {
  const notes = new Map<number, ProductNote>();
  if (!userId || productIds.length === 0) return notes;
  const destination = await destinationOf(db, userId, null);
  if (!destination) return notes;
  const verdicts = await checkProducts(db, { userId, destination, productIds });
  for (const [id, verdict] of verdicts) {
    const note = noteOf(verdict);
    if (note) notes.set(id, note);
  }
  return notes;
}

/**
 * Notes for an audience's default destination and counted licenses (flows/audience.ts): the same
 * notes productNotes gives each customer of that audience, from what the audience already holds.
 */
export async function destinationNotes(
  db: Kysely<DB>,
  where: { destination: Destination; licenses: readonly BuyerLicense[] } | null,
  productIds: readonly number[],
): Promise<Map<number, ProductNote>> {
  const notes = new Map<number, ProductNote>();
  if (!where || productIds.length === 0) return notes;
  const [verdicts] = await checkProductsForEach(db, {
    userId: null,
    destinations: [where.destination],
    licenses: where.licenses,
    productIds,
  });
  for (const [id, verdict] of verdicts ?? []) {
    const note = noteOf(verdict);
    if (note) notes.set(id, note);
  }
  return notes;
}

/**
 * What the rules refuse at an audience's default destination with its licenses on its date
 * (lib/compliance/sold-here.ts): the "Sold to my address" filter. Null without a destination.
 */
export async function refusalsFor(
  db: Kysely<DB>,
  where: { destination: Destination; licenses: readonly BuyerLicense[] } | null,
  date: string,
): Promise<Refusal[] | null> {
  if (!where) return null;
  const { rules } = await currentRules(db);
  return refusalsAt(rules, where.destination, where.licenses, date);
}

/** Cards with a note from `notes` where there is one. */
export function cardsWithNotes<T extends { id: number }>(
  cards: T[],
  notes: Map<number, ProductNote>,
): (T & { complianceNote?: string })[] {
  if (notes.size === 0) return cards;
  return cards.map((c) => {
    const note = notes.get(c.id);
    return note ? { ...c, complianceNote: note.text } : c;
  });
}

/**
 * The rules' word on each cart line: only lines that may not be sold are in the map.
 *
 * With an address named (checkout), for that address. With none (the cart, quick order), the
 * customer has not chosen where it goes yet: a line refused at their default address is said so,
 * and stops the order only when none of their other addresses may receive it either; when one
 * may, the line carries `otherAddressAllows` and the cart lets them go on to checkout, which
 * decides for the address they choose (issue 26).
 *
 * The address (or addresses), the rules, the products' facts and the licenses are read once each,
 * all at the same time.
 */
export async function cartCompliance(
  db: Kysely<DB>,
  userId: string,
  addressId: string | null,
  productIds: readonly number[],
): Promise<Map<number, LineCompliance>> {
  const result = new Map<number, LineCompliance>();
  if (productIds.length === 0) return result;
  const [destinations, context] = await Promise.all([
    addressId ? destinationOf(db, userId, addressId).then((d) => (d ? [d] : [])) : destinationsOf(db, userId),
    loadSaleContext(db, userId, productIds),
  ]);
  if (destinations.length === 0) return result;
  const [atChosen, ...elsewhere] = judgeForEach(context, destinations);
  for (const [id, verdict] of atChosen ?? []) {
    if (verdict.outcome === "allowed") continue;
    // With an address named, the others do not count: the order goes there.
    const otherAddressAllows = !addressId && elsewhere.some((verdicts) => verdicts.get(id)?.outcome === "allowed");
    result.set(id, lineComplianceOf(verdict, otherAddressAllows));
  }
  return result;
}

function lineComplianceOf(verdict: Verdict, otherAddressAllows: boolean): LineCompliance {
  const reason = verdict.reason ?? MESSAGES.saleBlocked;
  return {
    outcome: verdict.outcome === "blocked" ? "blocked" : "license-required",
    reason: otherAddressAllows ? MESSAGES.notForDefaultAddress(reason) : reason,
    licenseLabel: verdict.licenseType ? licenseTypeLabel(verdict.licenseType) : null,
    otherAddressAllows,
  };
}
