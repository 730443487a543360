import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAddress } from "../../app/.server/accounts/addresses";
import { ensureAccount } from "../../app/.server/accounts/admins";
import { findUserByEmail } from "../../app/.server/accounts/users";
import { recordAudit } from "../../app/.server/audit/log";
import { TEST_ADMIN } from "../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import * as m0014 from "./0014-license-address-bound";

const ON = process.env.DATABASE_URL ? "PostgreSQL" : "SQLite";
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

describe(`migration 0014 on ${ON}`, () => {
  it("marks every license uploaded for one address as bound, also one whose address was deleted before; keeps the rest", async () => {
    await ensureAccount(t.db, { email: "m14@shop.test", name: "M14", role: "customer" });
    const userId = (await findUserByEmail(t.db, "m14@shop.test"))?.id ?? "";
    const address = (zip: string) =>
      createAddress(t.db, userId, {
        businessName: "Shop",
        street: "1 Main",
        city: "Dallas",
        state: "TX",
        zip,
        phone: "",
        isDefault: false,
      });
    const kept = await address("75201");
    const deleted = await address("75202");

    await t.db.transaction().execute((trx) => m0014.down(trx));
    const now = new Date().toISOString();
    // biome-ignore lint/suspicious/noExplicitAny: the table as it was before the migration
    const db = t.db as any;
    const license = async (id: string, addressId: string | null, status: string, uploadedFor: string | null) => {
      await db
        .insertInto("licenses")
        .values({
          id,
          user_id: userId,
          address_id: addressId,
          type: "state-tobacco-vape",
          number: id,
          issuing_state: "TX",
          expires_on: null,
          document_key: "none",
          document_type: "application/pdf",
          document_size: 1,
          status,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await recordAudit(t.db, TEST_ADMIN, {
        action: "license.add",
        subjectType: "license",
        subjectId: id,
        summary: `${id} uploaded`,
        after: { type: "state-tobacco-vape", addressId: uploadedFor, status: "pending" },
      });
    };
    await license("bound", kept.id, "approved", kept.id);
    await license("lost-its-address", deleted.id, "approved", deleted.id);
    await license("whole-business", null, "approved", null);
    await license("pending-whole", null, "pending", null);
    // The foreign key of migration 0006 sets NULL: before 0014 this widened the license.
    await t.db.deleteFrom("addresses").where("id", "=", deleted.id).execute();

    await t.db.transaction().execute((trx) => m0014.up(trx));
    const rows = await t.db
      .selectFrom("licenses")
      .select(["id", "address_id", "address_bound", "status"])
      .orderBy("id")
      .execute();
    expect(rows.map((r) => ({ ...r, address_bound: Number(r.address_bound) }))).toEqual([
      { id: "bound", address_id: kept.id, address_bound: 1, status: "approved" },
      { id: "lost-its-address", address_id: null, address_bound: 1, status: "approved" },
      { id: "pending-whole", address_id: null, address_bound: 0, status: "pending" },
      { id: "whole-business", address_id: null, address_bound: 0, status: "approved" },
    ]);
  });
});
