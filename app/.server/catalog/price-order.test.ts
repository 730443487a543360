import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/accounts/viewer";
import { viewerContext } from "~/.server/request/context";
import { hasPrice, type ProductCard } from "~/lib/product-types";
import { loader as categoryLoader } from "~/routes/store/category";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { sqlNow } from "../db/time";
import { createLine } from "./lines";
import { insertProduct } from "./product-writes";
import { decodeCursor, listCategoryPage } from "./products";

/**
 * A price sort of lines (decision 0063) as the category page sends it: a buyer's cards come in the
 * order of their leading number, the lowest of the buyer's prices over the line's variants ("$x –"
 * of "$x – $y"), whichever variant leads the line; a visitor's price sort is the name order, so it
 * says nothing of prices.
 */
const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;
let buyer: Viewer;
let groupBuyer: Viewer;

async function line(name: string, variants: { price: number; casePack?: number; tier?: number }[]) {
  const id = await createLine(t.db, { name, description: "", category: "glass", optionNames: ["Color"] });
  const ids: number[] = [];
  for (const [position, v] of variants.entries()) {
    const productId = await insertProduct(
      t.db,
      {
        sku: `${name}-${position}`,
        name: `${name} ${position}`,
        description: "",
        priceCents: v.price,
        stock: 10,
        category: "glass",
        line: { id, options: [`Color ${position}`], position, priceApart: false },
      },
      [],
    );
    if (v.casePack) {
      await t.db.updateTable("products").set({ case_pack: v.casePack }).where("id", "=", productId).execute();
    }
    if (v.tier !== undefined) {
      await t.db
        .insertInto("price_tiers")
        .values({ product_id: productId, min_quantity: v.casePack ?? 2, price_cents: v.tier })
        .execute();
    }
    ids.push(productId);
  }
  return ids;
}

function viewer(id: string, email: string): Viewer {
  return {
    id,
    name: email,
    email,
    username: null,
    role: "customer",
    emailVerified: true,
    approved: true,
    accountId: id,
    memberRole: "owner",
    orderLimitCents: null,
    actingFor: null,
  };
}

let deltaLead = 0;

beforeAll(async () => {
  t = await setupTestDatabase();
  // The lead (first) variant of each line is not its cheapest, or not its dearest.
  await line("Alpha", [{ price: 10_00 }, { price: 2_00 }, { price: 12_00 }]); // $2.00 – $12.00
  await line("Bravo", [{ price: 5_00 }]); // $5.00
  await line("Charlie", [{ price: 3_00 }, { price: 30_00 }]); // $3.00 – $30.00
  // A case of 6 reaches the break at 6: the card says $8.00 for that variant.
  const delta = await line("Delta", [{ price: 20_00 }, { price: 9_00, casePack: 6, tier: 8_00 }]); // $8.00 – $20.00
  deltaLead = delta[0] as number;
  await line("Echo", [{ price: 4_00 }, { price: 40_00 }, { price: 4_00 }]); // $4.00 – $40.00

  const now = sqlNow(t.dialect);
  const group = await t.db
    .insertInto("price_groups")
    .values({ name: "Distributor", kind: "explicit", percent_off_bp: 0, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The distributor pays $1.00 for Delta's lead: their Delta card says $1.00 – $8.00.
  await t.db
    .insertInto("price_group_prices")
    .values({ group_id: group.id, product_id: deltaLead, price_cents: 1_00 })
    .execute();
  const one = await customerWithAddress(t.db, "sorter@shop.test");
  const two = await customerWithAddress(t.db, "distributor@shop.test");
  await t.db.insertInto("customer_price_groups").values({ user_id: two.id, group_id: group.id }).execute();
  buyer = viewer(one.id, "sorter@shop.test");
  groupBuyer = viewer(two.id, "distributor@shop.test");
});

afterAll(async () => {
  await t.cleanup();
});

async function categoryPage(who: Viewer | null, sort: string) {
  const url = new URL(`http://localhost:3000/products/glass?sort=${sort}`);
  const context = new RouterContextProvider();
  context.set(viewerContext, who);
  const answer = await categoryLoader({
    url,
    request: new Request(url),
    params: { category: "glass" },
    context,
  } as never);
  return answer.data as { sort: string; sorts: string[]; products: ProductCard[] };
}

/** What a card says: its name and its price or range, as the buyer reads it. */
function said(card: ProductCard): string {
  const name = card.line?.name ?? card.name;
  if (!hasPrice(card)) return name;
  const range = "priceRange" in card ? card.priceRange : undefined;
  return range ? `${name} ${range.minCents}–${range.maxCents}` : `${name} ${card.priceCents}`;
}

describe(`a price sort of lines on ${ON}`, () => {
  it("puts a buyer's cards in the order of their lowest price, whichever variant leads the line", async () => {
    expect((await categoryPage(buyer, "price-asc")).products.map(said)).toEqual([
      "Alpha 200–1200",
      "Charlie 300–3000",
      "Echo 400–4000",
      "Bravo 500",
      "Delta 800–2000",
    ]);
    expect((await categoryPage(buyer, "price-desc")).products.map(said)).toEqual([
      "Delta 800–2000",
      "Bravo 500",
      "Echo 400–4000",
      "Charlie 300–3000",
      "Alpha 200–1200",
    ]);
  });

  it("orders by the buyer's own group prices, as their cards show them", async () => {
    expect((await categoryPage(groupBuyer, "price-asc")).products.map(said)).toEqual([
      "Delta 100–800",
      "Alpha 200–1200",
      "Charlie 300–3000",
      "Echo 400–4000",
      "Bravo 500",
    ]);
  });

  it("pages the order with its cursor, each line once", async () => {
    for (const sort of ["price-asc", "price-desc"] as const) {
      const names: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await listCategoryPage(t.db, { category: "glass", after: decodeCursor(cursor), limit: 2, sort });
        names.push(...page.items.map((p) => p.name.split(" ")[0] ?? ""));
        cursor = page.nextCursor;
      } while (cursor);
      const ascending = ["Alpha", "Charlie", "Echo", "Bravo", "Delta"];
      expect(names).toEqual(sort === "price-asc" ? ascending : [...ascending].reverse());
    }
  });

  it("gives a visitor who asks for a price sort the name order, with no price on any card", async () => {
    const byName = await categoryPage(null, "name");
    for (const sort of ["price-asc", "price-desc"]) {
      const asked = await categoryPage(null, sort);
      expect(asked.sort).toBe("name");
      expect(asked.sorts).not.toContain(sort);
      expect(asked.products.map((p) => p.id)).toEqual(byName.products.map((p) => p.id));
      expect(asked.products.some(hasPrice)).toBe(false);
      expect(asked.products.some((p) => "priceRange" in p)).toBe(false);
    }
    expect(byName.products.map(said)).toEqual(["Alpha", "Bravo", "Charlie", "Delta", "Echo"]);
  });
  it("follows a change to a variant that does not lead its line", async () => {
    await t.db.updateTable("products").set({ price_cents: 1_50 }).where("sku", "=", "Charlie-1").execute();
    expect((await categoryPage(buyer, "price-asc")).products.map(said).slice(0, 2)).toEqual([
      "Charlie 150–300",
      "Alpha 200–1200",
    ]);
  });
});
