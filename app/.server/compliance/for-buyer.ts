import type { Kysely } from "kysely";
import { licenseTypeLabel } from "~/lib/business";
import type { LineCompliance } from "~/lib/cart-check";
import { type Destination, stateName, type Verdict } from "~/lib/compliance";
import * as MESSAGES from "~/lib/messages";
import type { DB } from "../db/schema";
import { checkProducts } from "./check";

/**
 * Where rules act for a signed-in customer: notes on product pages and listings for their default
 * address, and the check of every cart line for the address chosen at checkout. Each call costs a
 * fixed number of queries whatever the number of products (rules come from the in-memory copy).
 */
async function destinationOf(db: Kysely<DB>, userId: string, addressId: string | null): Promise<Destination | null> {
  let q = db.selectFrom("addresses").select(["id", "state", "zip"]).where("user_id", "=", userId);
  q = addressId ? q.where("id", "=", addressId) : q.orderBy("is_default", "desc").orderBy("created_at");
  const row = await q.executeTakeFirst();
  return row ? { state: row.state, zip: row.zip, addressId: row.id } : null;
}

export interface ProductNote {
  /** "Not available for your Indiana address: state ban" */
  text: string;
  outcome: Verdict["outcome"];
  /** The license to upload, when that is what is missing. */
  licenseLabel: string | null;
}

function noteOf(verdict: Verdict, destination: Destination): ProductNote | null {
  if (verdict.outcome === "allowed") return null;
  return {
    text: MESSAGES.notAvailableFor(stateName(destination.state), verdict.label ?? verdict.reason ?? ""),
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
    const note = noteOf(verdict, destination);
    if (note) notes.set(id, note);
  }
  return notes;
}

/** Cards with the customer's note, when the product cannot ship to their default address. */
export async function withNotes<T extends { id: number }>(
  db: Kysely<DB>,
  userId: string | null,
  cards: T[],
): Promise<(T & { complianceNote?: string })[]> {
  const notes = await productNotes(
    db,
    userId,
    cards.map((c) => c.id),
  );
  if (notes.size === 0) return cards;
  return cards.map((c) => {
    const note = notes.get(c.id);
    return note ? { ...c, complianceNote: note.text } : c;
  });
}

/**
 * The rules' word on each cart line for the address chosen (the default one when none is named):
 * only lines that may not be sold are in the map.
 */
export async function cartCompliance(
  db: Kysely<DB>,
  userId: string,
  addressId: string | null,
  productIds: readonly number[],
): Promise<Map<number, LineCompliance>> {
  const result = new Map<number, LineCompliance>();
  const destination = await destinationOf(db, userId, addressId);
  if (!destination) return result;
  const verdicts = await checkProducts(db, { userId, destination, productIds });
  for (const [id, verdict] of verdicts) {
    if (verdict.outcome === "allowed") continue;
    result.set(id, {
      outcome: verdict.outcome,
      reason: verdict.reason ?? MESSAGES.saleBlocked,
      licenseLabel: verdict.licenseType ? licenseTypeLabel(verdict.licenseType) : null,
    });
  }
  return result;
}
