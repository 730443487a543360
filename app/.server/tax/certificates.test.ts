import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as CERTIFICATES from "~/lib/messages/certificates";
import {
  reviewCertificateSchema,
  signCertificateSchema,
  uploadCertificateSchema,
} from "~/lib/schemas/resale-certificate";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { createAddress } from "../accounts/addresses";
import { ensureAccount } from "../accounts/admins";
import { findUserByEmail } from "../accounts/users";
import { listAudit } from "../audit/log";
import { saveBusiness } from "../business/profile";
import { DOCUMENT_TOO_LARGE, DOCUMENT_WRONG_TYPE, DocumentRejectedError, MAX_DOCUMENT_BYTES } from "../media/documents";
import {
  CertificateError,
  certificatePrefill,
  findCertificateDocument,
  findCertificateFor,
  listCertificates,
  listCertificatesForReview,
  rejectCertificate,
  revokeCertificate,
  signCertificate,
  uploadCertificate,
  verifyCertificate,
} from "./certificates";

/**
 * Resale certificates (issue 41) on the suite's database (SQLite, or PostgreSQL with DATABASE_URL):
 * every bad input refused at its field, signing (typed and drawn) and uploading, the admin's
 * verify, reject and revoke with their audit entries, and who may read a certificate's document.
 */
let t: TestDatabase;
let owner: string;
let other: string;

const TODAY = "2026-11-23";
const OWNER_PERMIT = "32012345678";
const OTHER_PERMIT = "17512345670";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
let signaturePng = "";

const SIGN_FIELDS = {
  purchaserName: "Ace Mart LLC",
  purchaserStreet: "100 Main St",
  purchaserCity: "Dallas",
  purchaserState: "TX",
  purchaserZip: "75201",
  purchaserPhone: "214-555-0100",
  permitNumber: OWNER_PERMIT,
  businessDescription: "Convenience store",
  itemsDescription: "Vapes, kratom and glass for resale",
  productClasses: ["nicotine-vape", "kratom"],
  signerName: "Olga Owner",
  signerTitle: "Owner",
  signedOn: TODAY,
  signatureKind: "typed",
  signatureText: "Olga Owner",
};

function problems(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

function signInput(fields: Record<string, unknown> = {}) {
  const parsed = signCertificateSchema(TODAY).safeParse({ ...SIGN_FIELDS, ...fields });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

async function documentBytes(id: string): Promise<Buffer> {
  const file = await findCertificateDocument(t.db, id);
  if (!file) throw new Error("no document");
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  t = await setupTestDatabase();
  await ensureAccount(t.db, { email: "owner@cert.test", name: "Olga Owner", role: "customer" });
  await ensureAccount(t.db, { email: "other@cert.test", name: "Otto Other", role: "customer" });
  owner = (await findUserByEmail(t.db, "owner@cert.test"))?.id ?? "";
  other = (await findUserByEmail(t.db, "other@cert.test"))?.id ?? "";
  await saveBusiness(
    t.db,
    owner,
    { legalName: "Ace Mart LLC", dba: null, businessType: "convenience-store", taxPermit: OWNER_PERMIT },
    TEST_ADMIN,
  );
  await saveBusiness(
    t.db,
    other,
    { legalName: "Other Shop Inc", dba: null, businessType: "convenience-store", taxPermit: OTHER_PERMIT },
    TEST_ADMIN,
  );
  await createAddress(t.db, owner, {
    businessName: "Ace Mart",
    street: "100 Main St",
    city: "Dallas",
    state: "TX",
    zip: "75201",
    phone: "214-555-0100",
    isDefault: true,
  });
  const png = await sharp({ create: { width: 300, height: 100, channels: 4, background: "#ffffff" } })
    .png()
    .toBuffer();
  signaturePng = `data:image/png;base64,${png.toString("base64")}`;
});

afterAll(async () => {
  await t.cleanup();
});

describe("the certificate forms refuse bad input at its field", () => {
  it("a permit number of the wrong length or with letters: 11 digits", () => {
    for (const permitNumber of ["3201234567", "320123456789", "3201234567A"]) {
      expect(problems(signCertificateSchema(TODAY).safeParse({ ...SIGN_FIELDS, permitNumber }))).toEqual({
        permitNumber: CERTIFICATES.permitDigits,
      });
    }
    // Spaces and dashes as printed on the permit are read.
    expect(signInput({ permitNumber: "3-2012-3456-78" }).permitNumber).toBe(OWNER_PERMIT);
  });

  it("neither a permit number nor a pending reason; or both", () => {
    expect(problems(signCertificateSchema(TODAY).safeParse({ ...SIGN_FIELDS, permitNumber: "" }))).toEqual({
      permitNumber: CERTIFICATES.permitOrPendingReason,
    });
    expect(
      problems(
        signCertificateSchema(TODAY).safeParse({ ...SIGN_FIELDS, permitPendingReason: "Applied on 2026-11-01" }),
      ),
    ).toEqual({ permitPendingReason: CERTIFICATES.permitAndPendingReason });
    expect(signInput({ permitNumber: "", permitPendingReason: "Applied on 2026-11-01" }).permitPendingReason).toBe(
      "Applied on 2026-11-01",
    );
  });

  it("a signature left empty: drawn with nothing drawn, typed with nothing typed, typed not the signer", () => {
    expect(
      problems(signCertificateSchema(TODAY).safeParse({ ...SIGN_FIELDS, signatureKind: "drawn", signatureImage: "" })),
    ).toEqual({ signatureImage: CERTIFICATES.signatureEmpty });
    expect(problems(signCertificateSchema(TODAY).safeParse({ ...SIGN_FIELDS, signatureText: " " }))).toEqual({
      signatureText: CERTIFICATES.typedSignatureEmpty,
    });
    expect(problems(signCertificateSchema(TODAY).safeParse({ ...SIGN_FIELDS, signatureText: "Someone Else" }))).toEqual(
      { signatureText: CERTIFICATES.typedSignatureNotSigner },
    );
  });

  it("a signing date in the future, no product class", () => {
    expect(problems(signCertificateSchema(TODAY).safeParse({ ...SIGN_FIELDS, signedOn: "2026-11-24" }))).toEqual({
      signedOn: CERTIFICATES.signedInFuture,
    });
    expect(problems(signCertificateSchema(TODAY).safeParse({ ...SIGN_FIELDS, signedOn: "2026-02-30" }))).toEqual({
      signedOn: CERTIFICATES.signedOnFormat,
    });
    expect(problems(signCertificateSchema(TODAY).safeParse({ ...SIGN_FIELDS, productClasses: undefined }))).toEqual({
      productClasses: CERTIFICATES.chooseProductClass,
    });
    expect(problems(signCertificateSchema(TODAY).safeParse({ ...SIGN_FIELDS, productClasses: "made-up" }))).toEqual({
      productClasses: CERTIFICATES.chooseProductClass,
    });
    // One checkbox posts one value, not an array.
    expect(signInput({ productClasses: "glass" }).productClasses).toEqual(["glass"]);
    const upload = uploadCertificateSchema(TODAY).safeParse({
      permitNumber: OWNER_PERMIT,
      signerName: "Olga Owner",
      signedOn: "2027-01-01",
    });
    expect(problems(upload)).toEqual({
      productClasses: CERTIFICATES.chooseProductClass,
      signedOn: CERTIFICATES.signedInFuture,
    });
  });

  it("the admin must tick the permit search and give a day not in the future", () => {
    const review = reviewCertificateSchema(TODAY);
    expect(problems(review.safeParse({ intent: "verify", certificateId: "x", permitCheckedOn: "2026-11-24" }))).toEqual(
      {
        permitChecked: CERTIFICATES.checkPermitSearch,
        permitCheckedOn: CERTIFICATES.checkedInFuture,
      },
    );
    expect(
      problems(
        review.safeParse({
          intent: "verify",
          certificateId: "x",
          permitChecked: "on",
          permitCheckedOn: TODAY,
          expiresOn: TODAY,
        }),
      ),
    ).toEqual({ expiresOn: CERTIFICATES.expiresOnPast });
    expect(problems(review.safeParse({ intent: "reject", certificateId: "x", reason: " " }))).toEqual({
      reason: CERTIFICATES.rejectionReasonRequired,
    });
    expect(problems(review.safeParse({ intent: "revoke", certificateId: "x" }))).toEqual({
      reason: CERTIFICATES.revocationReasonRequired,
    });
  });
});

describe("signing and uploading", () => {
  it("prefills from the business profile and its default address", async () => {
    expect(await certificatePrefill(t.db, owner, { name: "Olga Owner" })).toMatchObject({
      purchaserName: "Ace Mart LLC",
      purchaserStreet: "100 Main St",
      purchaserCity: "Dallas",
      purchaserZip: "75201",
      permitNumber: OWNER_PERMIT,
    });
  });

  it("refuses a permit number that is another business's, and keeps nothing", async () => {
    const before = (await listCertificates(t.db, owner)).length;
    const refused = await signCertificate(t.db, owner, signInput({ permitNumber: OTHER_PERMIT }), TEST_ADMIN, TODAY)
      .then(() => null)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CertificateError);
    expect(refused).toMatchObject({ field: "permitNumber", message: CERTIFICATES.permitOfAnotherBusiness });
    const upload = await uploadCertificate(
      t.db,
      owner,
      { ...signInput({ permitNumber: OTHER_PERMIT }) },
      PDF,
      TEST_ADMIN,
      "cert.pdf",
      TODAY,
    )
      .then(() => null)
      .catch((e: unknown) => e);
    expect(upload).toMatchObject({ field: "permitNumber", message: CERTIFICATES.permitOfAnotherBusiness });
    expect((await listCertificates(t.db, owner)).length).toBe(before);
  });

  it("refuses a future signing date and an unreadable drawn signature even without the form", async () => {
    await expect(
      signCertificate(t.db, owner, { ...signInput(), signedOn: "2026-12-01" }, TEST_ADMIN, TODAY),
    ).rejects.toMatchObject({ field: "signedOn", message: CERTIFICATES.signedInFuture });
    await expect(
      signCertificate(
        t.db,
        owner,
        signInput({
          signatureKind: "drawn",
          signatureImage: `data:image/png;base64,${Buffer.from("<svg/>").toString("base64")}`,
        }),
        TEST_ADMIN,
        TODAY,
      ),
    ).rejects.toMatchObject({ field: "signatureImage", message: CERTIFICATES.signatureUnreadable });
  });

  it("signs with a typed signature: pending, its PDF has the 01-339 fields, audited", async () => {
    const cert = await signCertificate(t.db, owner, signInput(), TEST_ADMIN, TODAY);
    expect(cert).toMatchObject({
      status: "pending",
      kind: "signed",
      signatureKind: "typed",
      permitNumber: OWNER_PERMIT,
      productClasses: ["nicotine-vape", "kratom"],
      documentType: "application/pdf",
    });
    const text = await pdfText(await documentBytes(cert.id));
    for (const field of [
      "Texas Sales and Use Tax Resale Certificate",
      "Ace Mart LLC",
      "100 Main St, Dallas, TX 75201",
      "214-555-0100",
      OWNER_PERMIT,
      "Convenience store",
      "Vapes, kratom and glass for resale",
      "Nicotine vape, Kratom",
      "Olga Owner",
      "Owner",
      TODAY,
      "Name of seller",
    ]) {
      expect(text).toContain(field);
    }
    const audit = await listAudit(t.db, { subjectType: "resale-certificate", subjectId: cert.id });
    expect(audit.items.map((a) => a.action)).toEqual(["resale-certificate.sign"]);
  });

  it("signs with a drawn signature and with a pending permit", async () => {
    const cert = await signCertificate(
      t.db,
      owner,
      signInput({
        signatureKind: "drawn",
        signatureImage: signaturePng,
        permitNumber: "",
        permitPendingReason: "Applied on 2026-11-01",
      }),
      TEST_ADMIN,
      TODAY,
    );
    expect(cert).toMatchObject({
      signatureKind: "drawn",
      permitNumber: null,
      permitPendingReason: "Applied on 2026-11-01",
    });
    const text = await pdfText(await documentBytes(cert.id));
    expect(text).toContain("Pending: Applied on 2026-11-01");
    expect(text).toContain("drawn on the seller's website");
  });

  it("uploads a paper certificate checked like a license's document", async () => {
    const input = uploadCertificateSchema(TODAY).parse({
      permitNumber: OWNER_PERMIT,
      productClasses: ["glass", "accessory"],
      signerName: "Olga Owner",
      signedOn: "2026-11-20",
    });
    const cert = await uploadCertificate(t.db, owner, input, PDF, TEST_ADMIN, "paper.pdf", TODAY);
    expect(cert).toMatchObject({
      kind: "uploaded",
      signatureKind: "paper",
      purchaserName: "Ace Mart LLC",
      status: "pending",
    });
    expect((await documentBytes(cert.id)).equals(PDF)).toBe(true);
    const before = (await listCertificates(t.db, owner)).length;
    await expect(
      uploadCertificate(t.db, owner, input, Buffer.from("<html>hi</html>"), TEST_ADMIN, "x.pdf", TODAY),
    ).rejects.toMatchObject({ message: DOCUMENT_WRONG_TYPE });
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES)]);
    const tooBig = await uploadCertificate(t.db, owner, input, big, TEST_ADMIN, "big.pdf", TODAY).catch((e) => e);
    expect(tooBig).toBeInstanceOf(DocumentRejectedError);
    expect(tooBig.message).toBe(DOCUMENT_TOO_LARGE);
    expect((await listCertificates(t.db, owner)).length).toBe(before);
  });
});

describe("the admin's decisions", () => {
  it("verifies a pending certificate once, with the day the permit was checked", async () => {
    const cert = await signCertificate(t.db, owner, signInput(), TEST_ADMIN, TODAY);
    await expect(
      verifyCertificate(
        t.db,
        cert.id,
        { permitChecked: false, permitCheckedOn: TODAY, expiresOn: null },
        TEST_ADMIN,
        TODAY,
      ),
    ).rejects.toMatchObject({ field: "permitChecked" });
    await expect(
      verifyCertificate(
        t.db,
        cert.id,
        { permitChecked: true, permitCheckedOn: "2026-11-24", expiresOn: null },
        TEST_ADMIN,
        TODAY,
      ),
    ).rejects.toMatchObject({ field: "permitCheckedOn", message: CERTIFICATES.checkedInFuture });
    const verified = await verifyCertificate(
      t.db,
      cert.id,
      { permitChecked: true, permitCheckedOn: "2026-11-22", expiresOn: "2027-11-22" },
      TEST_ADMIN,
      TODAY,
    );
    expect(verified).toMatchObject({ status: "verified", permitCheckedOn: "2026-11-22", expiresOn: "2027-11-22" });
    expect(verified.verifiedAt).not.toBeNull();
    // Decided: a second verification or a rejection is refused.
    await expect(
      verifyCertificate(
        t.db,
        cert.id,
        { permitChecked: true, permitCheckedOn: TODAY, expiresOn: null },
        TEST_ADMIN,
        TODAY,
      ),
    ).rejects.toMatchObject({ status: 409, message: CERTIFICATES.certificateNotPending });
    await expect(rejectCertificate(t.db, cert.id, "Wrong name", TEST_ADMIN)).rejects.toMatchObject({ status: 409 });

    // Revoked later with a reason: revoked_at set, audited; not twice.
    await expect(revokeCertificate(t.db, cert.id, "  ", TEST_ADMIN)).rejects.toMatchObject({ field: "reason" });
    const revoked = await revokeCertificate(t.db, cert.id, "Permit no longer active", TEST_ADMIN);
    expect(revoked).toMatchObject({ status: "revoked", revokedReason: "Permit no longer active" });
    expect(revoked.revokedAt).not.toBeNull();
    await expect(revokeCertificate(t.db, cert.id, "Again", TEST_ADMIN)).rejects.toMatchObject({
      status: 409,
      message: CERTIFICATES.certificateNotVerified,
    });
    const audit = await listAudit(t.db, { subjectType: "resale-certificate", subjectId: cert.id });
    expect(audit.items.map((a) => a.action).sort()).toEqual([
      "resale-certificate.revoke",
      "resale-certificate.sign",
      "resale-certificate.verify",
    ]);
  });

  it("rejects a pending certificate with a reason the business reads; a pending one cannot be revoked", async () => {
    const cert = await signCertificate(t.db, owner, signInput(), TEST_ADMIN, TODAY);
    await expect(revokeCertificate(t.db, cert.id, "Not yet", TEST_ADMIN)).rejects.toMatchObject({ status: 409 });
    await expect(rejectCertificate(t.db, cert.id, "", TEST_ADMIN)).rejects.toMatchObject({ field: "reason" });
    const rejected = await rejectCertificate(t.db, cert.id, "The permit is another name's", TEST_ADMIN);
    expect(rejected).toMatchObject({ status: "rejected", rejectionReason: "The permit is another name's" });
    const mine = await listCertificates(t.db, owner);
    expect(mine.find((c) => c.id === cert.id)?.status).toBe("rejected");
    await expect(rejectCertificate(t.db, "no-such-id", "Why", TEST_ADMIN)).rejects.toMatchObject({ status: 404 });
    const audit = await listAudit(t.db, { subjectType: "resale-certificate", subjectId: cert.id });
    expect(audit.items.map((a) => a.action)).toContain("resale-certificate.reject");
  });

  it("lists pending first for the admin, by status and by business", async () => {
    const all = await listCertificatesForReview(t.db);
    expect(all.length).toBeGreaterThan(2);
    const firstOther = all.findIndex((c) => c.status !== "pending");
    expect(all.slice(firstOther).every((c) => c.status !== "pending")).toBe(true);
    expect((await listCertificatesForReview(t.db, { status: "revoked" })).every((c) => c.status === "revoked")).toBe(
      true,
    );
    expect(await listCertificatesForReview(t.db, { userId: other })).toEqual([]);
    expect(all[0]?.businessName).toBe("Ace Mart LLC");
  });
});

describe("who may read a certificate", () => {
  it("its business's owners and admins; another business gets nothing, as for an unknown id", async () => {
    const cert = (await listCertificates(t.db, owner))[0];
    if (!cert) throw new Error("no certificate");
    expect(await findCertificateFor(t.db, cert.id, { role: "customer", accountId: owner })).toMatchObject({
      id: cert.id,
    });
    expect(await findCertificateFor(t.db, cert.id, { role: "customer", accountId: other })).toBeNull();
    // An admin's own account has no business: the admins read through their own route.
    expect(await findCertificateFor(t.db, cert.id, { role: "admin", accountId: "admin-id" })).toBeNull();
    expect(await findCertificateFor(t.db, cert.id, "admin")).toMatchObject({ id: cert.id });
    expect(await findCertificateFor(t.db, "no-such-id", "admin")).toBeNull();
    expect(await listCertificates(t.db, other)).toEqual([]);
    const file = await findCertificateDocument(t.db, cert.id);
    expect(file?.fileName).toMatch(/^resale-certificate-.+\.(pdf|jpg|png)$/);
    for await (const _ of file?.body ?? []) {
      // read to its end: the file is closed before the test database is removed
    }
    expect(await findCertificateDocument(t.db, "no-such-id")).toBeNull();
  });
});
