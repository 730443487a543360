import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeToday } from "~/lib/business";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { getAuth } from "../accounts/auth";
import { authBool } from "../accounts/auth-columns";
import { viewerFromHeaders } from "../accounts/viewer";
import { listUsers } from "../admin/directory";
import { exportReceivablesCsv } from "../receivables/export";
import { recordPayment } from "../receivables/payments";
import { businessCredit } from "../receivables/settings";
import { agingReport, emptyBuckets, recentPayments } from "../receivables/statement";
import { statementPdf } from "../receivables/statement-pdf";
import { saveBusiness } from "./profile";
import { businessesToActFor, listReps, setAssignment, setSalesRep, startActing } from "./reps";
import { inviteMember, readInvitation } from "./team";

/**
 * One name for a business wherever it is shown (issue 37): before, the receivables screens, the
 * statement PDF and the accountant's CSV said its legal name, and team, reps, acting and the
 * banner its trade name. Now each says "Trade name (Legal name)" (lib/business.ts).
 */
let t: TestDatabase;
const PASSWORD = "name-secret-12345";
const SHOWN = "Bravo Mart (Bravo Holdings Inc)";
let bravo: { id: string; addressId: string };
let repId: string;

beforeAll(async () => {
  t = await setupTestDatabase();
  bravo = await customerWithAddress(t.db, "owner@bravo-name.test", { name: "Bea Owner", password: PASSWORD });
  await t.db
    .updateTable("users")
    .set({ email_verified: authBool(t.db, true) })
    .where("id", "=", bravo.id)
    .execute();
  await saveBusiness(
    t.db,
    bravo.id,
    { legalName: "Bravo Holdings Inc", dba: "Bravo Mart", businessType: "convenience-store", taxPermit: null },
    { id: bravo.id, name: "Bea Owner" },
  );
  await ensureAccount(t.db, { email: "rex@name.test", name: "Rex Rep", role: "customer", password: PASSWORD });
  await setSalesRep(t.db, "rex@name.test", true, TEST_ADMIN);
  repId = (await t.db.selectFrom("users").select("id").where("email", "=", "rex@name.test").executeTakeFirstOrThrow())
    .id;
  // A payment on account: the business then shows on the aging screen, the payments page and CSV.
  await recordPayment(
    t.db,
    {
      businessId: bravo.id,
      amountCents: 120_00,
      method: "check",
      reference: "2001",
      receivedOn: storeToday(),
      invoiceId: null,
      idempotencyKey: "name-payment-1",
    },
    TEST_ADMIN,
  );
});

afterAll(async () => {
  await t.cleanup();
});

describe("a business with a trade name and a legal name", () => {
  it("is named the same on the receivables screens, the statement PDF and the accountant's CSV", async () => {
    const credit = await businessCredit(t.db, bravo.id);
    expect(credit?.name).toBe(SHOWN);
    expect((await agingReport(t.db, { sort: "name" })).rows.find((r) => r.businessId === bravo.id)?.name).toBe(SHOWN);
    expect((await recentPayments(t.db)).find((p) => p.businessId === bravo.id)?.businessName).toBe(SHOWN);
    const today = storeToday();
    const csv = await exportReceivablesCsv(t.db, "payments", { from: today, to: today });
    expect(csv.split("\n")[1]).toContain(`,${SHOWN},`);
    const pdf = await statementPdf({
      businessName: credit?.name ?? "",
      from: today,
      to: today,
      entries: [],
      aging: emptyBuckets(),
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain(SHOWN);
  });

  it("is named the same on the reps screen, the acting list, the banner, the team's invitation and the users list", async () => {
    const admin = { id: "", staffRole: "admin" as const };
    expect((await businessesToActFor(t.db, admin, "bravo mart")).map((b) => b.name)).toEqual([SHOWN]);
    expect((await setAssignment(t.db, repId, bravo.id, true, TEST_ADMIN)).business).toBe(SHOWN);
    const reps = await listReps(t.db, `${storeToday().slice(0, 8)}01`);
    expect(reps.find((r) => r.id === repId)?.businesses.map((b) => b.name)).toEqual([SHOWN]);

    await startActing(t.db, { id: repId, staffRole: "rep" }, bravo.id, { id: repId, name: "Rex Rep" });
    const session = await getAuth().api.signInEmail({
      body: { email: "rex@name.test", password: PASSWORD },
      returnHeaders: true,
    });
    const cookie = session.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const rep = await viewerFromHeaders(new Headers({ cookie }));
    expect(rep?.actingFor?.businessName).toBe(SHOWN);

    const owner = await viewerFromHeaders(
      new Headers({
        cookie: (
          await getAuth().api.signInEmail({
            body: { email: "owner@bravo-name.test", password: PASSWORD },
            returnHeaders: true,
          })
        ).headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; "),
      }),
    );
    if (!owner) throw new Error("the owner is not signed in");
    const { url } = await inviteMember(t.db, owner, { email: "new-buyer@bravo-name.test", role: "buyer" });
    expect((await readInvitation(t.db, url.split("/join/")[1] ?? "")).businessName).toBe(SHOWN);

    const users = await listUsers(t.db, {});
    expect(users.items.find((u) => u.id === bravo.id)?.business?.name).toBe(SHOWN);
  });
});
