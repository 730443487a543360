import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authBool } from "~/.server/accounts/auth-columns";
import { saveBusiness } from "~/.server/business/profile";
import { insertProduct } from "~/.server/catalog/product-writes";
import { changeOrderStatus } from "~/.server/flows/order-life";
import { placeOrder } from "~/.server/flows/place-order";
import { signCertificate } from "~/.server/tax/certificates";
import { storeToday } from "~/lib/business";
import { signCertificateSchema } from "~/lib/schemas/resale-certificate";
import { TEST_ADMIN } from "../support/actors";
import { customerWithAddress } from "../support/customers";
import { cookiesOf, hasBuild, postLogin, type RunningServer, startServer } from "../support/server-process";
import { setupTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Statements and invoices (issue 30) under a crawl, against the built server on the suite's
 * database: two businesses, each with an invoiced order, read their statements, its route data,
 * the statement PDF and both invoice PDFs at the same time, again and again. Each gets exactly its
 * own business's invoices and amounts; the other's invoice is the same 404 as one that does not
 * exist; a visitor gets none of it.
 */
describe.skipIf(!hasBuild)("statements and invoices are their business's alone", () => {
  let database: TestDatabase;
  let server: RunningServer;
  const tag = crypto.randomBytes(3).toString("hex");
  const password = "statement-pass-1234";
  interface Shop {
    name: string;
    cookie: string;
    orderId: number;
    invoice: number;
    total: string;
    cents: number;
    /** Its resale certificate (issue 41): its owners' alone to read. */
    certificateId: string;
    permit: string;
  }
  const shops: Shop[] = [];

  beforeAll(async () => {
    database = await setupTestDatabase();
    const db = database.db;
    const product = await insertProduct(
      db,
      {
        sku: `ST-${tag}`,
        name: `Statement Lighter ${tag}`,
        description: "",
        priceCents: 1_000,
        stock: 100,
        category: "novelty",
      },
      [],
    );
    for (const [key, quantity, permit] of [
      ["north", 3, "32000000031"],
      ["south", 7, "32000000072"],
    ] as const) {
      const email = `st-${key}-${tag}@ar.test`;
      const { id, addressId } = await customerWithAddress(db, email, { password, name: `Person ${key} ${tag}` });
      await db
        .updateTable("users")
        .set({ email_verified: authBool(db, true) })
        .where("id", "=", id)
        .execute();
      const name = `Shop ${key} ${tag}`;
      await saveBusiness(
        db,
        id,
        { legalName: name, dba: null, businessType: "convenience-store", taxPermit: null },
        TEST_ADMIN,
      );
      const { order } = await placeOrder(db, {
        userId: id,
        idempotencyKey: crypto.randomUUID(),
        addressId,
        lines: [{ id: product, quantity }],
      });
      await changeOrderStatus(db, order.id, { seen: "Processing", next: "Completed" }, TEST_ADMIN);
      const invoice = await db
        .selectFrom("invoices")
        .select("number")
        .where("order_id", "=", order.id)
        .where("kind", "=", "invoice")
        .executeTakeFirstOrThrow();
      const certificate = await signCertificate(
        db,
        id,
        signCertificateSchema(storeToday()).parse({
          purchaserName: name,
          purchaserStreet: "1 Leak St",
          purchaserCity: "Dallas",
          purchaserState: "TX",
          purchaserZip: "75201",
          permitNumber: permit,
          businessDescription: "Convenience store",
          itemsDescription: "Lighters for resale",
          productClasses: ["novelty"],
          signerName: `Person ${key} ${tag}`,
          signedOn: storeToday(),
          signatureKind: "typed",
          signatureText: `Person ${key} ${tag}`,
        }),
        TEST_ADMIN,
      );
      shops.push({
        name,
        certificateId: certificate.id,
        permit,
        cookie: "",
        orderId: order.id,
        invoice: Number(invoice.number),
        total: `$${quantity * 10}.00`,
        cents: quantity * 1_000,
      });
    }
    server = await startServer({ DATA_DIR: database.dataDir, DATABASE_URL: database.url ?? "", LOG_LEVEL: "warn" });
    for (const [i, key] of ["north", "south"].entries()) {
      const login = cookiesOf(await postLogin(server.origin, { email: `st-${key}-${tag}@ar.test`, password }));
      const session = /(?:^|; )(store\.session_token=[^;]+)/.exec(login)?.[1];
      if (!session) throw new Error("no session");
      (shops[i] as Shop).cookie = session;
    }
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  const get = (path: string, cookie?: string) =>
    fetch(`${server.origin}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

  it("each business reads only its own statement and invoices while both crawl at once", async () => {
    const [north, south] = shops as [Shop, Shop];
    for (let round = 0; round < 4; round++) {
      const checks = [north, south].flatMap((me) => {
        const other = me === north ? south : north;
        return [
          (async () => {
            for (const path of ["/account/statement", "/account/statement.data"]) {
              const res = await get(path, me.cookie);
              expect(res.status, path).toBe(200);
              expect(res.headers.get("cache-control"), path).toContain("no-store");
              const body = await res.text();
              // The page prints money; its route data carries cents (a number in the JSON).
              const [mine, theirs] = path.endsWith(".data")
                ? [new RegExp(`[\\[,:]${me.cents}[,\\]}]`), new RegExp(`[\\[,:]${other.cents}[,\\]}]`)]
                : [me.total, other.total];
              expect(body, `${me.name} ${path}`).toMatch(mine);
              expect(body, `${me.name} ${path}`).not.toMatch(theirs);
              expect(body, `${me.name} ${path}`).not.toContain(other.name);
            }
          })(),
          (async () => {
            const own = await get(`/orders/${me.orderId}/invoice.pdf`, me.cookie);
            expect(own.status).toBe(200);
            expect(own.headers.get("content-type")).toContain("application/pdf");
            await own.arrayBuffer();
            const theirs = await get(`/orders/${other.orderId}/invoice.pdf`, me.cookie);
            const none = await get(`/orders/${other.orderId + 100_000}/invoice.pdf`, me.cookie);
            expect(theirs.status).toBe(404);
            expect(theirs.status).toBe(none.status);
            const [a, b] = [await theirs.text(), await none.text()];
            expect(a).not.toContain(other.name);
            expect(b.length > 0).toBe(a.length > 0);
          })(),
          (async () => {
            // The resale certificate's document and the wallet that lists it (issue 41).
            const own = await get(`/account/business/certificates/${me.certificateId}/document`, me.cookie);
            expect(own.status).toBe(200);
            expect(own.headers.get("content-type")).toBe("application/pdf");
            expect(own.headers.get("cache-control")).toContain("no-store");
            await own.arrayBuffer();
            const theirs = await get(`/account/business/certificates/${other.certificateId}/document`, me.cookie);
            const none = await get(`/account/business/certificates/${crypto.randomUUID()}/document`, me.cookie);
            expect(theirs.status).toBe(404);
            expect(none.status).toBe(404);
            expect(await theirs.text()).toBe(await none.text());
            for (const path of ["/account/business", "/account/business.data"]) {
              const res = await get(path, me.cookie);
              expect(res.status, path).toBe(200);
              const body = await res.text();
              expect(body, `${me.name} ${path}`).toContain(me.certificateId);
              expect(body, `${me.name} ${path}`).not.toContain(other.certificateId);
              expect(body, `${me.name} ${path}`).not.toContain(other.permit);
            }
          })(),
          (async () => {
            const pdf = await get("/account/statement.pdf", me.cookie);
            expect(pdf.status).toBe(200);
            expect(pdf.headers.get("content-type")).toContain("application/pdf");
            await pdf.arrayBuffer();
          })(),
        ];
      });
      const visitors = [
        "/account/statement",
        `/orders/${north.orderId}/invoice.pdf`,
        "/account/statement.pdf",
        `/account/business/certificates/${north.certificateId}/document`,
        `/admin/certificates/${north.certificateId}/document`,
      ].map(async (path) => {
        const res = await get(path);
        expect([302, 401, 403, 404], `visitor ${path}`).toContain(res.status);
        const body = await res.text();
        for (const s of shops) {
          expect(body, `visitor ${path}`).not.toContain(s.name);
          expect(body, `visitor ${path}`).not.toContain(s.permit);
        }
      });
      await Promise.all([...checks, ...visitors]);
    }
  });
});
