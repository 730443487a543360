import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  approvalShown,
  EXPIRY_IN_PAST,
  EXPIRY_REQUIRED,
  LICENSE_NUMBER_FORMAT,
  TAX_PERMIT_FORMAT,
} from "~/lib/business";
import { documentTooManyPixels } from "~/lib/messages";
import { businessSchema, licenseSchema } from "~/lib/schemas/business";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { decodesDuring, pngBomb } from "../../../tests/support/image-bombs";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { createAddress } from "../accounts/addresses";
import { ensureAccount } from "../accounts/admins";
import { findUserByEmail } from "../accounts/users";
import { listUsers } from "../admin/directory";
import { listAudit } from "../audit/log";
import { runJobsUntilIdle } from "../jobs/run-due";
import {
  checkDocument,
  DOCUMENT_TOO_LARGE,
  DOCUMENT_UNREADABLE,
  DOCUMENT_WRONG_TYPE,
  DocumentRejectedError,
  MAX_DOCUMENT_PIXELS,
  readDocument,
} from "../media/documents";
import { resetEnvForTests } from "../runtime/env";
import {
  addLicense,
  claimLicenseUpload,
  findLicenseFor,
  LICENSE_UPLOADS_PER_HOUR,
  LicenseError,
  listLicenses,
  MAX_ACTIVE_LICENSES,
  REJECTION_REASON_REQUIRED,
  reviewLicense,
  runLicenseExpiry,
} from "./licenses";
import {
  type Business,
  BusinessChangedError,
  findBusiness,
  reviewBusiness,
  reviewedVersion,
  saveBusiness,
} from "./profile";
import { countPendingReviews, reviewQueue } from "./queue";

let t: TestDatabase;
let owner: string;
let other: string;

const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const TODAY = "2026-11-23";
const NOW = new Date("2026-11-23T18:00:00Z");

function parseLicense(fields: Record<string, string>, today = TODAY) {
  return licenseSchema(today).safeParse(fields);
}

function license(fields: Record<string, string>) {
  const parsed = parseLicense(fields);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

async function outbox(): Promise<{ to: string; subject: string; text: string }[]> {
  await runJobsUntilIdle({ db: t.db });
  const dir = path.join(t.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
}

beforeAll(async () => {
  t = await setupTestDatabase();
  await ensureAccount(t.db, { email: "owner@biz.test", name: "Olga Owner", role: "customer" });
  await ensureAccount(t.db, { email: "other@biz.test", name: "Otto Other", role: "customer" });
  owner = (await findUserByEmail(t.db, "owner@biz.test"))?.id ?? "";
  other = (await findUserByEmail(t.db, "other@biz.test"))?.id ?? "";
});

afterAll(async () => {
  await t.cleanup();
});

describe("license and business rules (pure)", () => {
  it("checks the Texas sales tax permit number's form, with spaces and dashes allowed", () => {
    expect(
      businessSchema.parse({ legalName: "Ace Mart LLC", businessType: "gas-station", taxPermit: "3-2012-3456-78" }),
    ).toMatchObject({ taxPermit: "32012345678", dba: null });
    const bad = businessSchema.safeParse({ legalName: "Ace", businessType: "gas-station", taxPermit: "1234" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(TAX_PERMIT_FORMAT);
    expect(businessSchema.safeParse({ legalName: "", businessType: "grocery" }).error?.issues[0]?.message).toBe(
      "Legal business name is required.",
    );
    expect(businessSchema.safeParse({ legalName: "A\nB", businessType: "grocery" }).success).toBe(false);
  });

  it("requires an expiry in the future for licenses that expire, and a number of the right form", () => {
    const base = { type: "tx-ecig-retailer", number: "ECIG-12345", issuingState: "TX" };
    expect(parseLicense(base).error?.issues.map((i) => i.message)).toEqual([EXPIRY_REQUIRED]);
    expect(parseLicense({ ...base, expiresOn: "2026-11-22" }).error?.issues.map((i) => i.message)).toEqual([
      EXPIRY_IN_PAST,
    ]);
    expect(parseLicense({ ...base, expiresOn: "2026-11-23" }).success).toBe(true);
    expect(parseLicense({ ...base, number: "<script>", expiresOn: "2028-05-31" }).error?.issues[0]?.message).toBe(
      LICENSE_NUMBER_FORMAT,
    );
    expect(
      parseLicense({ type: "sales-tax-permit", number: "123", issuingState: "TX" }).error?.issues[0]?.message,
    ).toBe(TAX_PERMIT_FORMAT);
    expect(parseLicense({ type: "sales-tax-permit", number: "320 1234 5678", issuingState: "tx" }).data).toMatchObject({
      number: "32012345678",
      issuingState: "TX",
      expiresOn: null,
    });
    expect(parseLicense({ ...base, issuingState: "ZZ", expiresOn: "2028-05-31" }).success).toBe(false);
  });
});

describe("document intake", () => {
  it("accepts a real PDF, JPEG and PNG and tells the type from the bytes", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    expect(await checkDocument(PDF)).toBe("application/pdf");
    expect(await checkDocument(png)).toBe("image/png");
    expect(await checkDocument(jpeg)).toBe("image/jpeg");
  });

  it("refuses HTML, SVG and zip files whatever they are called, truncated files and files over 10 MB", async () => {
    const refusal = async (data: Buffer) => {
      const error = await checkDocument(data).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DocumentRejectedError);
      return (error as Error).message;
    };
    expect(await refusal(Buffer.from("<!doctype html><script>alert(1)</script>"))).toBe(DOCUMENT_WRONG_TYPE);
    expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'))).toBe(
      DOCUMENT_WRONG_TYPE,
    );
    expect(await refusal(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]))).toBe(DOCUMENT_WRONG_TYPE);
    expect(await refusal(Buffer.from("%PDF-1.4\n1 0 obj"))).toBe(DOCUMENT_UNREADABLE);
    expect(await refusal(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]))).toBe(
      DOCUMENT_UNREADABLE,
    );
    expect(await refusal(Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]))).toBe(DOCUMENT_TOO_LARGE);
  });
});

describe("image documents are sized from their header before anything decodes them", () => {
  const refusal = async (data: Buffer, name?: string) => {
    const error = await checkDocument(data, name).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentRejectedError);
    return (error as Error).message;
  };

  it("refuses a 12 KB PNG of 10,000 × 10,000 pixels, naming the file, without decoding a pixel", async () => {
    const bomb = pngBomb(10_000, 10_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    let message = "";
    expect(await decodesDuring(async () => (message = await refusal(bomb, "license-scan.png")))).toBe(0);
    expect(message).toBe(documentTooManyPixels("license-scan.png", MAX_DOCUMENT_PIXELS / 1_000_000));
    expect(message).toBe(
      "license-scan.png: the image is larger than 40 megapixels. Scan it at a lower resolution, or upload a PDF.",
    );
    // Its pixels are never looked at: with no readable pixel data at all, the answer is the same.
    expect(await refusal(pngBomb(10_000, 10_000, { damaged: true }), "license-scan.png")).toBe(message);
    // Every size above the limit, however thin.
    for (const [width, height] of [
      [40_001, 1_000],
      [1, 40_000_001],
      [6_400, 6_400],
    ] as const) {
      expect(await refusal(pngBomb(width, height, { damaged: true }), "x.png"), `${width} × ${height}`).toMatch(
        /^x\.png: the image is larger than 40 megapixels/,
      );
    }
  });

  it("still decodes an image within the limit, and refuses it when its pixels are damaged", async () => {
    // At the limit exactly: read past the header, so the damage is found (and the spies can see decoding).
    let message = "";
    expect(
      await decodesDuring(async () => (message = await refusal(pngBomb(8_000, 5_000, { damaged: true }), "a.png"))),
    ).toBeGreaterThan(0);
    expect(message).toBe(DOCUMENT_UNREADABLE);
  });
});

describe(`license limits per business on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  async function business(email: string): Promise<string> {
    await ensureAccount(t.db, { email, name: "Lim Its", role: "customer" });
    return (await findUserByEmail(t.db, email))?.id ?? "";
  }
  const add = (userId: string, n: number, replacesId?: string) =>
    addLicense(
      t.db,
      userId,
      license({
        type: "other",
        number: `LIM-${n}`,
        issuingState: "TX",
        ...(replacesId ? { replacesId } : {}),
      }),
      PDF,
      TEST_ADMIN,
    );
  const documentsStored = () => {
    const dir = path.join(t.dataDir, "documents");
    return fs.existsSync(dir)
      ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).includes(".")).length
      : 0;
  };

  it(`keeps at most ${MAX_ACTIVE_LICENSES} licenses under review or in force: the next is refused and nothing kept`, async () => {
    const userId = await business("many-licenses@biz.test");
    const added = [];
    for (let n = 1; n <= MAX_ACTIVE_LICENSES; n++) added.push(await add(userId, n));
    const stored = documentsStored();
    const refused = await add(userId, 21).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LicenseError);
    expect((refused as LicenseError).message).toBe(
      "A business keeps at most 20 licenses under review or in force. Replace one of yours (Replace, next to it) rather than adding another.",
    );
    expect((refused as LicenseError).status).toBe(409);
    expect(documentsStored()).toBe(stored);
    expect(await listLicenses(t.db, userId)).toHaveLength(MAX_ACTIVE_LICENSES);
    // The check before the document is read says the same.
    await expect(claimLicenseUpload(t.db, userId, null)).rejects.toThrow(/at most 20 licenses/);

    // A replacement takes the place of the license it replaces (a renewal at the limit), once.
    const first = added[0]?.id ?? "";
    await add(userId, 101, first);
    await expect(add(userId, 102, first)).rejects.toThrow(/at most 20 licenses/);
    // A rejected license no longer counts.
    await reviewLicense(t.db, added[1]?.id ?? "", { approve: false, reason: "Not a license." }, TEST_ADMIN);
    await add(userId, 103);
    await expect(add(userId, 104)).rejects.toThrow(/at most 20 licenses/);
    // Another business is not affected.
    await add(await business("few-licenses@biz.test"), 1);
  });

  it("holds the limit when the last place is taken by several uploads at once", async () => {
    const userId = await business("racing-licenses@biz.test");
    for (let n = 1; n < MAX_ACTIVE_LICENSES; n++) await add(userId, n);
    const racing = await Promise.allSettled([201, 202, 203, 204].map((n) => add(userId, n)));
    expect(racing.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await listLicenses(t.db, userId)).toHaveLength(MAX_ACTIVE_LICENSES);
  });

  it(`takes ${LICENSE_UPLOADS_PER_HOUR.limit} uploads an hour per business, then refuses until the hour is over`, async () => {
    const userId = await business("hourly@biz.test");
    const start = Date.now();
    for (let i = 0; i < LICENSE_UPLOADS_PER_HOUR.limit; i++) await claimLicenseUpload(t.db, userId, null, start + i);
    const refused = await claimLicenseUpload(t.db, userId, null, start + 60_000).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LicenseError);
    expect((refused as LicenseError).status).toBe(429);
    expect((refused as LicenseError).message).toBe(
      "You have uploaded 10 license documents in the last hour, the most we take. Try again in 59 minutes.",
    );
    // Another business has its own count; the same business again after the hour.
    await claimLicenseUpload(t.db, await business("hourly-other@biz.test"), null, start + 60_000);
    await claimLicenseUpload(t.db, userId, null, start + LICENSE_UPLOADS_PER_HOUR.windowMs + 1);
  });
});

describe(`business accounts on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("keeps the business profile, waiting for approval, and records each change", async () => {
    const actor = { id: owner, name: "Olga Owner <owner@biz.test>" };
    await saveBusiness(
      t.db,
      owner,
      businessSchema.parse({ legalName: "Olga's Corner Store LLC", businessType: "convenience-store" }),
      actor,
    );
    expect(await findBusiness(t.db, owner)).toMatchObject({
      legalName: "Olga's Corner Store LLC",
      approval: "pending",
    });
    await saveBusiness(
      t.db,
      owner,
      businessSchema.parse({
        legalName: "Olga's Corner Store LLC",
        dba: "Corner Stop",
        businessType: "convenience-store",
        taxPermit: "32012345678",
      }),
      actor,
    );
    await reviewBusiness(
      t.db,
      owner,
      { approve: true, seen: reviewedVersion((await findBusiness(t.db, owner)) as Business) },
      TEST_ADMIN,
    );
    expect((await findBusiness(t.db, owner))?.approval).toBe("approved");
    const log = (await listAudit(t.db, { subjectType: "business", subjectId: owner })).items;
    expect(log.map((e) => e.action)).toEqual(["business.approve", "business.update", "business.create"]);
    expect(log[1]).toMatchObject({ before: { dba: null, taxPermit: null }, after: { dba: "Corner Stop" } });
  });

  it("adds a license pending review, keeps the document private, and refuses another customer's address", async () => {
    const theirs = await createAddress(t.db, other, {
      businessName: "Otto's",
      street: "9 Oak",
      city: "Plano",
      state: "TX",
      zip: "75023",
      phone: "",
      isDefault: true,
    });
    await expect(
      addLicense(
        t.db,
        owner,
        license({ type: "other", number: "X-1", issuingState: "TX", addressId: theirs.id }),
        PDF,
        { id: owner, name: "Olga" },
      ),
    ).rejects.toMatchObject({ field: "addressId" });
    await expect(
      addLicense(t.db, owner, license({ type: "other", number: "X-1", issuingState: "TX" }), Buffer.from("<html>"), {
        id: owner,
        name: "Olga",
      }),
    ).rejects.toBeInstanceOf(DocumentRejectedError);
    expect(await listLicenses(t.db, owner)).toEqual([]);

    const added = await addLicense(
      t.db,
      owner,
      license({ type: "tx-ecig-retailer", number: "ecig-777", issuingState: "TX", expiresOn: "2028-05-31" }),
      PDF,
      { id: owner, name: "Olga" },
    );
    expect(added).toMatchObject({ status: "pending", number: "ECIG-777", documentType: "application/pdf" });
    expect(added).not.toHaveProperty("documentKey");
    // The owner and admins find it; another customer gets what an unknown id gets.
    const mine = await findLicenseFor(t.db, added.id, { id: owner, role: "customer" });
    expect(mine?.documentKey).toMatch(/^[a-f0-9]{2}\/[a-f0-9]{32}\.pdf$/);
    expect(await findLicenseFor(t.db, added.id, { id: other, role: "customer" })).toBeNull();
    expect(await findLicenseFor(t.db, added.id, { id: "someone", role: "admin" })).not.toBeNull();
    // Stored outside the public media folder.
    expect(fs.existsSync(path.join(t.dataDir, "documents", mine?.documentKey ?? ""))).toBe(true);
    expect(fs.existsSync(path.join(t.dataDir, "media", mine?.documentKey ?? ""))).toBe(false);
    const stored = await readDocument(mine?.documentKey ?? "");
    expect(stored?.size).toBe(PDF.length);
    stored?.body.destroy();
  });

  it("approves or rejects with a reason, once, and mails the customer each decision", async () => {
    const a = await addLicense(
      t.db,
      owner,
      license({ type: "tx-dshs-hemp", number: "HEMP-1", issuingState: "TX", expiresOn: "2027-03-31" }),
      PDF,
      { id: owner, name: "Olga" },
    );
    const b = await addLicense(t.db, owner, license({ type: "other", number: "OTH-2", issuingState: "OK" }), PDF, {
      id: owner,
      name: "Olga",
    });
    await expect(reviewLicense(t.db, b.id, { approve: false, reason: "  " }, TEST_ADMIN)).rejects.toThrow(
      REJECTION_REASON_REQUIRED,
    );
    expect(await reviewLicense(t.db, a.id, { approve: true }, TEST_ADMIN)).toMatchObject({ status: "approved" });
    await expect(reviewLicense(t.db, a.id, { approve: false, reason: "late" }, TEST_ADMIN)).rejects.toMatchObject({
      status: 409,
    });
    expect(
      await reviewLicense(t.db, b.id, { approve: false, reason: "The document is unreadable." }, TEST_ADMIN),
    ).toMatchObject({ status: "rejected", rejectionReason: "The document is unreadable." });
    await expect(reviewLicense(t.db, "no-such-id", { approve: true }, TEST_ADMIN)).rejects.toBeInstanceOf(LicenseError);

    const mails = (await outbox()).filter((m) => m.to === "owner@biz.test");
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining(["Your Texas DSHS hemp retail registration was approved", "Your Other needs attention"]),
    );
    expect(mails.find((m) => m.subject === "Your Other needs attention")?.text).toContain(
      "Reason: The document is unreadable.",
    );
    const log = (await listAudit(t.db, { subjectType: "license", subjectId: b.id })).items;
    expect(log.map((e) => e.action)).toEqual(["license.reject", "license.add"]);
  });

  it("reminds 30 and 7 days before expiry and expires the day after, each once, however often it runs", async () => {
    const soon = await addLicense(
      t.db,
      other,
      license({ type: "tx-ecig-retailer", number: "SOON-1", issuingState: "TX", expiresOn: "2026-12-20" }),
      PDF,
      { id: other, name: "Otto" },
    );
    await reviewLicense(t.db, soon.id, { approve: true }, TEST_ADMIN);
    const before = (await outbox()).length;

    // 27 days before: the 30-day reminder, once.
    expect(await runLicenseExpiry(t.db, NOW)).toEqual({ expired: 0, reminded: 1 });
    expect(await runLicenseExpiry(t.db, NOW)).toEqual({ expired: 0, reminded: 0 });
    // 6 days before: the 7-day reminder, once.
    const weekBefore = new Date("2026-12-14T18:00:00Z");
    expect(await runLicenseExpiry(t.db, weekBefore)).toEqual({ expired: 0, reminded: 1 });
    expect(await runLicenseExpiry(t.db, weekBefore)).toEqual({ expired: 0, reminded: 0 });
    // On the expiry day it is still valid; the day after, it expires, once.
    expect((await runLicenseExpiry(t.db, new Date("2026-12-20T23:00:00Z"))).expired).toBe(0);
    const dayAfter = new Date("2026-12-21T12:00:00Z");
    expect((await runLicenseExpiry(t.db, dayAfter)).expired).toBe(1);
    expect((await runLicenseExpiry(t.db, dayAfter)).expired).toBe(0);
    expect((await findLicenseFor(t.db, soon.id, { id: other, role: "customer" }))?.status).toBe("expired");

    const mails = (await outbox()).slice(before).filter((m) => m.to === "other@biz.test");
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [
        "Your Texas e-cigarette retailer permit expires in 27 days",
        "Your Texas e-cigarette retailer permit expires in 6 days",
        "Your Texas e-cigarette retailer permit has expired",
      ].sort(),
    );
    const log = (await listAudit(t.db, { subjectType: "license", subjectId: soon.id })).items;
    expect(log[0]).toMatchObject({ action: "license.expire", actorName: "System" });
  });

  it("refuses to replace another customer's license, and changes nothing", async () => {
    const theirs = (await listLicenses(t.db, other))[0];
    expect(theirs).toBeDefined();
    const before = (await listLicenses(t.db, owner)).length;
    await expect(
      addLicense(
        t.db,
        owner,
        license({ type: "other", number: "X-2", issuingState: "TX", replacesId: theirs?.id ?? "" }),
        PDF,
        { id: owner, name: "Olga" },
      ),
    ).rejects.toMatchObject({ field: "replacesId", status: 404 });
    expect(await listLicenses(t.db, owner)).toHaveLength(before);
  });

  it("shows admins each account's business, approval and licenses, and finds those with expired or expiring ones", async () => {
    const all = await listUsers(t.db, { now: NOW });
    const olga = all.items.find((u) => u.email === "owner@biz.test");
    expect(olga?.business).toEqual({ name: "Corner Stop (Olga's Corner Store LLC)", approval: "approved" });
    expect(olga?.licenses).toMatchObject({ approved: 1, rejected: 1, pending: 1 });
    // Otto's permit expired (previous test); Olga's approved one expires in 2027, past the 30 days.
    const attention = await listUsers(t.db, { licenseAttention: true, now: NOW });
    expect(attention.items.map((u) => u.email)).toEqual(["other@biz.test"]);
    expect(attention.total).toBe(1);
  });
});

describe(`approval in each mode on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"} (issue 26)`, () => {
  const business = (legalName: string, taxPermit: string | null, dba: string | null = null) =>
    businessSchema.parse({ legalName, dba: dba ?? "", businessType: "convenience-store", taxPermit: taxPermit ?? "" });

  function setMode(mode: "automatic" | "manual") {
    process.env.ACCOUNT_APPROVAL = mode;
    resetEnvForTests();
  }

  async function newCustomer(email: string, legalName: string): Promise<string> {
    await ensureAccount(t.db, { email, name: legalName, role: "customer" });
    const id = (await findUserByEmail(t.db, email))?.id ?? "";
    await saveBusiness(t.db, id, business(legalName, "32012345678"), { id, name: legalName });
    return id;
  }

  async function approve(id: string) {
    const seen = reviewedVersion((await findBusiness(t.db, id)) as Business);
    await reviewBusiness(t.db, id, { approve: true, seen }, TEST_ADMIN);
  }

  afterAll(() => {
    delete process.env.ACCOUNT_APPROVAL;
    resetEnvForTests();
  });

  it("says what is true in each mode: automatic approval never reads as waiting", () => {
    for (const state of ["pending", "approved", "rejected"] as const) {
      expect(approvalShown("automatic", state)).toEqual({ label: "No approval needed", tone: "ok" });
    }
    expect(approvalShown("manual", "pending")).toEqual({ label: "Waiting for approval", tone: "warn" });
    expect(approvalShown("manual", "approved")).toEqual({ label: "Approved", tone: "ok" });
    expect(approvalShown("manual", "rejected")).toEqual({ label: "Rejected", tone: "danger" });
  });

  it("lists new businesses for approval only when the store approves them itself; licenses always", async () => {
    const id = await newCustomer("newbiz@biz.test", "Newbiz Mart LLC");
    await addLicense(t.db, id, license({ type: "sales-tax-permit", number: "32012345678", issuingState: "TX" }), PDF, {
      id,
      name: "Newbiz",
    });
    setMode("automatic");
    const automatic = await reviewQueue(t.db);
    expect(automatic.mode).toBe("automatic");
    expect(automatic.businesses).toEqual([]);
    expect(automatic.pendingBusinesses).toBe(0);
    expect(automatic.licenses.map((l) => l.userId)).toContain(id);
    expect(await countPendingReviews(t.db)).toMatchObject({ pendingBusinesses: 0 });
    setMode("manual");
    const manual = await reviewQueue(t.db);
    expect(manual.businesses.map((b) => b.userId)).toContain(id);
    expect(manual.pendingBusinesses).toBeGreaterThan(0);
    expect(manual.licenses.map((l) => l.userId)).toContain(id);
  });

  it("manual: a new legal name or permit sends an approved business back to review; its DBA, type or a case change do not", async () => {
    setMode("manual");
    const id = await newCustomer("renamer@biz.test", "Renamer Mart LLC");
    await approve(id);
    const actor = { id, name: "Renamer" };
    // Kept: the DBA, the type, the name's case and spacing.
    expect(await saveBusiness(t.db, id, business("Renamer Mart LLC", "32012345678", "Renamer"), actor)).toEqual({
      backToReview: false,
    });
    expect(await saveBusiness(t.db, id, business("RENAMER  mart llc", "32012345678", "Renamer"), actor)).toEqual({
      backToReview: false,
    });
    expect((await findBusiness(t.db, id))?.approval).toBe("approved");
    // Another legal name: back in the queue, not approved, the audit log says so.
    expect(await saveBusiness(t.db, id, business("Someone Else LLC", "32012345678"), actor)).toEqual({
      backToReview: true,
    });
    expect(await findBusiness(t.db, id)).toMatchObject({ approval: "pending", reviewedAt: null });
    expect((await reviewQueue(t.db)).businesses.map((b) => b.userId)).toContain(id);
    const [entry] = (await listAudit(t.db, { subjectType: "business", subjectId: id })).items;
    expect(entry).toMatchObject({
      action: "business.update",
      before: { legalName: "RENAMER  mart llc", approval: "approved" },
      after: { legalName: "Someone Else LLC", approval: "pending" },
    });
    // Approved again, then another permit: back to review too; and a rejected one that corrects it.
    await approve(id);
    expect((await saveBusiness(t.db, id, business("Someone Else LLC", "32099999999"), actor)).backToReview).toBe(true);
    const seen = reviewedVersion((await findBusiness(t.db, id)) as Business);
    await reviewBusiness(t.db, id, { approve: false, reason: "The permit is not yours.", seen }, TEST_ADMIN);
    expect((await saveBusiness(t.db, id, business("Someone Else LLC", "32012345678"), actor)).backToReview).toBe(true);
    expect(await findBusiness(t.db, id)).toMatchObject({ approval: "pending", rejectionReason: null });
    // Waiting already: a change keeps it waiting.
    expect((await saveBusiness(t.db, id, business("Third Name LLC", "32012345678"), actor)).backToReview).toBe(false);
    expect((await findBusiness(t.db, id))?.approval).toBe("pending");
  });

  it("automatic: a new legal name or permit changes nothing about ordering", async () => {
    setMode("automatic");
    const id = await newCustomer("autorename@biz.test", "Auto Mart LLC");
    setMode("manual");
    await approve(id);
    setMode("automatic");
    const saved = await saveBusiness(t.db, id, business("Other Auto LLC", "32099999999"), { id, name: "Auto" });
    expect(saved).toEqual({ backToReview: false });
    expect((await findBusiness(t.db, id))?.approval).toBe("approved");
  });

  it("refuses a decision on a business that changed since the queue showed it", async () => {
    setMode("manual");
    const id = await newCustomer("switcher@biz.test", "Honest Mart LLC");
    const shown = (await reviewQueue(t.db)).businesses.find((b) => b.userId === id);
    expect(shown?.seen).toBe(reviewedVersion((await findBusiness(t.db, id)) as Business));
    // The owner renames it while the admin reads the queue.
    await saveBusiness(t.db, id, business("Dodgy Mart LLC", "32099999999"), { id, name: "Switcher" });
    await expect(reviewBusiness(t.db, id, { approve: true, seen: shown?.seen ?? "" }, TEST_ADMIN)).rejects.toThrow(
      BusinessChangedError,
    );
    expect((await findBusiness(t.db, id))?.approval).toBe("pending");
    // From the queue as it is now, the decision is made.
    const now = (await reviewQueue(t.db)).businesses.find((b) => b.userId === id);
    await reviewBusiness(t.db, id, { approve: true, seen: now?.seen ?? "" }, TEST_ADMIN);
    expect((await findBusiness(t.db, id))?.approval).toBe("approved");
  });
});
