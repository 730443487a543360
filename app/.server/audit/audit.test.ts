import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { createAddress } from "../accounts/addresses";
import { ensureAccount } from "../accounts/admins";
import { findUserByEmail } from "../accounts/users";
import { changeOrderStatus } from "../flows/order-life";
import { placeOrder } from "../flows/place-order";
import {
  bulkUpdateProducts,
  createProductWithImages,
  deleteProduct,
  ProductChangedError,
  updateProductWithImages,
} from "../flows/product-admin";
import { type Actor, changedFields, listAudit } from "./log";

let t: TestDatabase;
const ada: Actor = { id: "admin-ada", name: "Ada Admin <ada@store.test>" };

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

async function entriesFor(subjectType: string, subjectId: string | number) {
  return (await listAudit(t.db, { subjectType, subjectId: String(subjectId) })).items;
}

describe(`audit log on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("keeps only the fields that changed", () => {
    expect(changedFields({ a: 1, b: "x" }, { a: 1, b: "y" })).toEqual({ before: { b: "x" }, after: { b: "y" } });
    expect(changedFields({ a: 1 }, { a: 1 })).toBeNull();
    expect(changedFields({ a: 1 }, { a: undefined })).toBeNull();
  });

  it("records who added, edited and deleted a product, with the values before and after", async () => {
    const base = { name: "Audit Lighter", description: "Refillable", priceCents: 500, stock: 10, category: "novelty" };
    const id = await createProductWithImages(t.db, { ...base, sku: "AUD-1" }, [], ada);
    await updateProductWithImages(
      t.db,
      id,
      { ...base, sku: "AUD-1", priceCents: 450, description: "Refillable" },
      { keepKeys: [], uploads: [] },
      { version: 1, stockSeen: 10 },
      ada,
    );
    // A save that changes nothing records nothing.
    await updateProductWithImages(
      t.db,
      id,
      { ...base, sku: "AUD-1", priceCents: 450 },
      { keepKeys: [], uploads: [] },
      { version: 2, stockSeen: 10 },
      ada,
    );
    // A refused save (stale version) records nothing either.
    await expect(
      updateProductWithImages(
        t.db,
        id,
        { ...base, sku: "AUD-1", priceCents: 1 },
        { keepKeys: [], uploads: [] },
        { version: 1, stockSeen: 10 },
        ada,
      ),
    ).rejects.toBeInstanceOf(ProductChangedError);
    expect(await deleteProduct(t.db, id, ada)).toBe(true);

    const entries = await entriesFor("product", id);
    expect(entries.map((e) => e.action)).toEqual(["product.delete", "product.update", "product.create"]);
    const [deleted, edited, created] = entries;
    expect(created).toMatchObject({ actorName: ada.name, actorId: ada.id, before: null });
    expect(created?.after).toMatchObject({ sku: "AUD-1", priceCents: 500, stock: 10 });
    expect(edited).toMatchObject({ before: { priceCents: 500 }, after: { priceCents: 450 } });
    expect(edited?.summary).toBe("Edited AUD-1: price");
    expect(deleted?.before).toMatchObject({ sku: "AUD-1", priceCents: 450 });
  });

  it("records each product a bulk edit changed, and only those", async () => {
    const a = await createProductWithImages(
      t.db,
      { sku: "AUD-B1", name: "B1", description: "", priceCents: 100, stock: 1, category: "novelty" },
      [],
      ada,
    );
    const b = await createProductWithImages(
      t.db,
      { sku: "AUD-B2", name: "B2", description: "", priceCents: 200, stock: 1, category: "novelty" },
      [],
      ada,
    );
    expect(await bulkUpdateProducts(t.db, [a, b], { priceCents: 200 }, ada)).toBe(1);
    expect((await entriesFor("product", a)).map((e) => [e.action, e.before, e.after])).toContainEqual([
      "product.bulk-update",
      { priceCents: 100 },
      { priceCents: 200 },
    ]);
    expect((await entriesFor("product", b)).map((e) => e.action)).toEqual(["product.create"]);
  });

  it("records order status changes, not the ones refused", async () => {
    await ensureAccount(t.db, { email: "buyer@audit.test", name: "Bo Buyer", role: "customer" });
    const buyer = (await findUserByEmail(t.db, "buyer@audit.test"))?.id ?? "";
    const address = await createAddress(t.db, buyer, {
      businessName: "Bo's",
      street: "1 Elm",
      city: "Dallas",
      state: "TX",
      zip: "75201",
      phone: "",
      isDefault: true,
    });
    const product = await createProductWithImages(
      t.db,
      { sku: "AUD-O1", name: "O1", description: "", priceCents: 100, stock: 2, category: "novelty" },
      [],
      ada,
    );
    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: crypto.randomUUID(),
      addressId: address.id,
      lines: [{ id: product, quantity: 2 }],
    });
    await changeOrderStatus(t.db, order.id, { seen: "Processing", next: "Cancelled" }, ada);
    await t.db.updateTable("products").set({ stock: 0 }).where("id", "=", product).execute();
    await expect(changeOrderStatus(t.db, order.id, { seen: "Cancelled", next: "Processing" }, ada)).rejects.toThrow();
    const entries = await entriesFor("order", order.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "order.status",
      before: { status: "Processing" },
      after: { status: "Cancelled" },
      actorName: ada.name,
    });
  });

  it("cannot be edited or deleted, even by a query that tries", async () => {
    const before = (await listAudit(t.db, {})).total;
    expect(before).toBeGreaterThan(0);
    await expect(sql`update audit_log set summary = 'forged'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    const after = await listAudit(t.db, {});
    expect(after.total).toBe(before);
    expect(after.items.some((e) => e.summary === "forged")).toBe(false);
  });

  it("lets an erasure rewrite only the text of an entry, counted, never what was done, to what or when", async () => {
    const [entry] = (await listAudit(t.db, {})).items;
    if (!entry) throw new Error("no entry");
    const forge = (set: string) =>
      sql`update audit_log set erasures = erasures + 1, ${sql.raw(set)} where id = ${entry.id}`.execute(t.db);
    for (const set of [
      "action = 'forged'",
      "subject_id = 'forged'",
      "subject_type = 'forged'",
      "actor_id = 'forged'",
      "created_at = '2000-01-01T00:00:00.000Z'",
    ]) {
      await expect(forge(set), set).rejects.toThrow(/append-only/);
    }
    await expect(
      sql`update audit_log set erasures = erasures + 2, summary = 'x' where id = ${entry.id}`.execute(t.db),
    ).rejects.toThrow(/append-only/);
    await forge("summary = 'Unknown User'");
    const row = await t.db.selectFrom("audit_log").selectAll().where("id", "=", entry.id).executeTakeFirstOrThrow();
    expect([row.summary, row.erasures, row.action, row.subject_id]).toEqual([
      "Unknown User",
      1,
      entry.action,
      entry.subjectId,
    ]);
  });
});
