import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import { createContext, type RouterContextProvider } from "react-router";
import { storeToday } from "~/lib/business";
import { type BuyerLicense, type Destination, licenseCoversAddress } from "~/lib/compliance/engine";
import type { Refusal } from "~/lib/compliance/sold-here";
import { awaitsApproval, canSeePrices, type Role, type Viewer } from "../accounts/viewer";
import { type LineSummary, lineSummaries } from "../catalog/lines";
import type { Product } from "../catalog/product";
import { listVariantsOfLines } from "../catalog/products";
import { shapeCard } from "../catalog/shape";
import { buyerLicenses } from "../compliance/check";
import {
  cardsWithNotes,
  destinationNotes,
  destinationOf,
  type ProductNote,
  refusalsFor,
} from "../compliance/for-buyer";
import type { DB } from "../db/schema";
import type { Versions } from "../db/versions";
import { type CustomerGroup, findCustomerGroup, loadGroupPriceBook, pricedWith } from "../pricing/prices";
import { viewerContext } from "../request/context";

/**
 * Who a catalog page is for, without saying who is asking (issue 28). Everything a shared page
 * (home, categories, products, search, information pages, suggestions) shows depends on these and
 * on the catalog, prices and rules, never on the person: their role, whether they see prices or
 * wait for approval, their price group, and the compliance facts of their default address (its
 * state and ZIP, the licenses that count there). Two customers with equal audiences get the same
 * bytes, so the page is rendered once for all of them (server/visitor-cache.ts).
 *
 * The licenses are kept in the form the rules read them, reduced to what can change a verdict
 * today: approved, covering the default address, not expired on `date`. The date is part of the
 * audience, so a license that expires tonight changes the audience tomorrow.
 */
export interface Audience {
  readonly role: "visitor" | Role;
  /**
   * The business a sales rep or an admin acts for (decision 0033): its pages carry the banner
   * naming it, so they are shared only among the staff acting for that same business.
   */
  readonly actingFor: { businessId: string; businessName: string } | null;
  readonly seesPrices: boolean;
  readonly awaitingApproval: boolean;
  readonly priceGroup: CustomerGroup | null;
  /** Null for visitors, admins and customers without an address: no note is shown. */
  readonly compliance: AudienceCompliance | null;
  /** The store's date (YYYY-MM-DD) the audience was worked out for. */
  readonly date: string;
}

export interface AudienceCompliance {
  destination: Destination;
  licenses: BuyerLicense[];
}

export const VISITOR_AUDIENCE: Audience = Object.freeze({
  role: "visitor",
  actingFor: null,
  seesPrices: false,
  awaitingApproval: false,
  priceGroup: null,
  compliance: null,
  date: "",
});

/**
 * The audience as one string: every field that changes a page, nothing else. A page cached under
 * this key is valid for every request with the same key.
 */
export function audienceKey(a: Audience): string {
  if (a.role === "visitor") return "visitor";
  // Remembered audiences are the same objects request after request: their key is built once.
  let key = keys.get(a);
  if (key === undefined) {
    key = keyOf(a);
    keys.set(a, key);
  }
  return key;
}

const keys = new WeakMap<Audience, string>();

function keyOf(a: Audience): string {
  const group = a.priceGroup ? `${a.priceGroup.id}:${a.priceGroup.kind}:${a.priceGroup.percentOffBp}` : "-";
  const where = a.compliance
    ? `${a.compliance.destination.state}:${a.compliance.destination.zip}:${a.compliance.licenses
        .map((l) => `${l.type}@${l.issuingState}`)
        .join(",")}`
    : "-";
  const acting = a.actingFor ? `|a${a.actingFor.businessId}:${a.actingFor.businessName}` : "";
  return `${a.role}|${a.seesPrices ? "p" : "-"}${a.awaitingApproval ? "w" : "-"}|g${group}|c${where}|${a.date}${acting}`;
}

/** Works the audience out from the database: the price group, the default address, the licenses. */
async function lookUpAudience(db: Kysely<DB>, viewer: Viewer, date: string): Promise<Audience> {
  const role = viewer.role;
  const seesPrices = canSeePrices(viewer);
  const awaitingApproval = awaitsApproval(viewer);
  const actingFor = viewer.actingFor
    ? { businessId: viewer.actingFor.businessId, businessName: viewer.actingFor.businessName }
    : null;
  if (role !== "customer") {
    return { role, actingFor, seesPrices, awaitingApproval, priceGroup: null, compliance: null, date };
  }
  const [priceGroup, address, licenses] = await Promise.all([
    seesPrices ? findCustomerGroup(db, viewer.accountId) : Promise.resolve(null),
    destinationOf(db, viewer.accountId, null),
    buyerLicenses(db, viewer.accountId),
  ]);
  if (!address) return { role, actingFor, seesPrices, awaitingApproval, priceGroup, compliance: null, date };
  const counted = new Map<string, BuyerLicense>();
  for (const l of licenses) {
    if (l.status !== "approved" || (l.expiresOn !== null && l.expiresOn < date)) continue;
    if (!licenseCoversAddress(l, address.addressId)) continue;
    const key = `${l.type}@${l.issuingState}`;
    counted.set(key, {
      type: l.type,
      status: "approved",
      expiresOn: null,
      issuingState: l.issuingState,
      addressId: null,
      addressBound: false,
    });
  }
  const sorted = [...counted.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, l]) => l);
  return {
    role,
    actingFor,
    seesPrices,
    awaitingApproval,
    priceGroup,
    compliance: { destination: { state: address.state, zip: address.zip, addressId: null }, licenses: sorted },
    date,
  };
}

/**
 * Audiences already worked out, per user, valid while the 'accounts' counter (addresses,
 * licenses, group members, approvals) and the 'prices' counter (a group's kind and discount) have
 * the values they were worked out under, on the same store date, and for a minute at most.
 */
interface RememberedAudience {
  audience: Audience;
  stamp: string;
  until: number;
}
const MEMO_MS = 60_000;
const remembered = new LRUCache<string, RememberedAudience>({ max: 20_000 });

export function forgetAudiencesForTests(): void {
  remembered.clear();
}

/**
 * The audience of a viewer (VISITOR_AUDIENCE for nobody). `versions` are the counters the caller
 * read before resolving the viewer; without them nothing is remembered.
 */
export async function audienceFor(
  db: Kysely<DB>,
  viewer: Viewer | null,
  versions?: Pick<Versions, "accounts" | "prices">,
): Promise<Audience> {
  if (!viewer) return VISITOR_AUDIENCE;
  const date = storeToday();
  if (!versions) return lookUpAudience(db, viewer, date);
  const stamp = `${versions.accounts}.${versions.prices}.${date}.${viewer.role}.${viewer.approved}.${viewer.emailVerified}`;
  const now = Date.now();
  const known = remembered.get(viewer.id);
  if (known && known.stamp === stamp && known.until > now) return known.audience;
  const audience = await lookUpAudience(db, viewer, date);
  remembered.set(viewer.id, { audience, stamp, until: now + MEMO_MS });
  return audience;
}

/**
 * The audience of this request, worked out once by the first loader that asks (the root
 * middleware has resolved the viewer). A page whose loaders read only this, not the viewer, can be
 * shared by everyone in the audience; the page cache stores a signed-in render only then
 * (`audienceUsed`, `personalRead` in request/context.ts).
 */
const audienceContext = createContext<{ promise: Promise<Audience>; key: Promise<string> } | null>(null);
type Context = Readonly<RouterContextProvider>;

/** Counters read by the server before the render (server/visitor-cache.ts), for the memo. */
export const audienceVersionsContext = createContext<Pick<Versions, "accounts" | "prices"> | null>(null);

export function audienceOf(context: Context, db: Kysely<DB>): Promise<Audience> {
  const known = context.get(audienceContext);
  if (known) return known.promise;
  const viewer = context.get(viewerContext) ?? null;
  const promise = audienceFor(db, viewer, context.get(audienceVersionsContext) ?? undefined);
  (context as RouterContextProvider).set(audienceContext, { promise, key: promise.then(audienceKey) });
  return promise;
}

/** The key of the audience this request's loaders used, or null when none asked. */
export async function audienceUsed(context: Context): Promise<string | null> {
  const known = context.get(audienceContext);
  return known ? known.key : null;
}

/** Products at the audience's prices, with one price book for all of them; untouched without prices. */
export async function pricedForAudience(db: Kysely<DB>, audience: Audience, products: Product[]): Promise<Product[]> {
  if (!audience.seesPrices || products.length === 0) return products;
  const book = await loadGroupPriceBook(
    db,
    audience.priceGroup,
    products.map((p) => p.id),
  );
  return pricedWith(book, products);
}

/** The compliance notes the audience sees on these products (none for visitors and admins). */
export function notesForAudience(
  db: Kysely<DB>,
  audience: Audience,
  productIds: readonly number[],
): Promise<Map<number, ProductNote>> {
  return destinationNotes(db, audience.compliance, productIds);
}

/** What the rules refuse at the audience's address ("Sold to my address"); null when it has none. */
export function refusalsForAudience(db: Kysely<DB>, audience: Audience): Promise<Refusal[] | null> {
  return refusalsFor(db, audience.compliance, audience.date);
}

/**
 * Cards as the audience sees them: their prices and their notes, and the line each stands for
 * (issue 38: its page, "12 flavors", and for a buyer the range of the customer's prices over its
 * variants).
 */
export async function cardsForAudience(db: Kysely<DB>, audience: Audience, products: Product[]) {
  const [priced, notes, lines] = await Promise.all([
    pricedForAudience(db, audience, products),
    notesForAudience(
      db,
      audience,
      products.map((p) => p.id),
    ),
    linesOfCards(db, audience, products),
  ]);
  return cardsWithNotes(
    priced.map((p) => lines(shapeCard(p, audience.seesPrices), p)),
    notes,
  );
}

/**
 * What cards say of their lines, for the audience: a function that adds to a product's card its
 * line (page, variants, option) and, for a buyer, the range of its prices.
 */
export async function linesOfCards(db: Kysely<DB>, audience: Audience, products: Product[]) {
  const lines = await lineSummaries(
    db,
    products.map((p) => p.lineId),
  );
  const ranges = audience.seesPrices ? await priceRanges(db, audience, lines) : new Map();
  return <C extends object>(card: C, p: Product) => {
    const line = lines.get(p.lineId);
    const range = ranges.get(p.lineId);
    return { ...card, ...(line ? { line } : {}), ...(range ? { priceRange: range } : {}) };
  };
}

/** The customer's lowest and highest card price over each line of several variants. */
async function priceRanges(db: Kysely<DB>, audience: Audience, lines: Map<number, LineSummary>) {
  const many = [...lines.entries()].filter(([, l]) => l.variants > 1).map(([id]) => id);
  const ranges = new Map<number, { minCents: number; maxCents: number }>();
  if (many.length === 0) return ranges;
  const variants = await pricedForAudience(db, audience, await listVariantsOfLines(db, many));
  for (const v of variants) {
    const r = ranges.get(v.lineId);
    if (!r) ranges.set(v.lineId, { minCents: v.priceCents, maxCents: v.priceCents });
    else {
      r.minCents = Math.min(r.minCents, v.priceCents);
      r.maxCents = Math.max(r.maxCents, v.priceCents);
    }
  }
  for (const [id, r] of ranges) if (r.minCents === r.maxCents) ranges.delete(id);
  return ranges;
}
