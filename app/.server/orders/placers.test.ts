import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { insertProduct } from "../catalog/product-writes";
import { placeOrder } from "../flows/place-order";
import { ordersPlacedByOthers } from "./placers";

/**
 * My Orders says "Placed by" on the orders someone other than the viewer placed (issue 37): an
 * owner alone in their business still sees which orders their sales rep placed.
 */
let t: TestDatabase;
let owner: { id: string; addressId: string };
let repId: string;
let product: number;

async function order(placedBy?: { id: string; name: string }) {
  const { order } = await placeOrder(t.db, {
    userId: owner.id,
    ...(placedBy ? { placedBy, confirmTo: owner.id } : {}),
    idempotencyKey: crypto.randomUUID(),
    addressId: owner.addressId,
    lines: [{ id: product, quantity: 1 }],
  });
  return order.id;
}

beforeAll(async () => {
  t = await setupTestDatabase();
  owner = await customerWithAddress(t.db, "solo@placers.test", { name: "Sol Owner" });
  await ensureAccount(t.db, { email: "ray@placers.test", name: "Ray Rep", role: "customer" });
  repId = (
    await t.db.selectFrom("users").select("id").where("email", "=", "ray@placers.test").executeTakeFirstOrThrow()
  ).id;
  product = await insertProduct(
    t.db,
    { sku: "PLC-1", name: "Placer Lighter", description: "", priceCents: 500, stock: 100, category: "novelty" },
    [],
  );
});

afterAll(async () => {
  await t.cleanup();
});

describe("orders placed by someone else", () => {
  it("are the rep's orders for the owner, and the owner's for the rep; never the viewer's own", async () => {
    const own = await order();
    const byRep = await order({ id: repId, name: "Ray Rep for Sol's Shop" });
    // An order from before the placer was kept: no placer at all, so nothing to say.
    const legacy = await order();
    await t.db
      .updateTable("orders")
      .set({ placed_by_id: null, placed_by_name: null })
      .where("id", "=", legacy)
      .execute();
    const ids = [own, byRep, legacy];
    expect([...(await ordersPlacedByOthers(t.db, owner.id, owner.id, ids))]).toEqual([byRep]);
    expect([...(await ordersPlacedByOthers(t.db, owner.id, repId, ids))]).toEqual([own]);
    // Only the account's own orders are answered, whatever ids are asked.
    expect(await ordersPlacedByOthers(t.db, repId, owner.id, ids)).toEqual(new Set());
  });
});
