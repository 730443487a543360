import http from "node:http";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAddress } from "~/.server/accounts/addresses";
import { ensureAccount } from "~/.server/accounts/admins";
import { addLicense } from "~/.server/business/licenses";
import { insertProduct } from "~/.server/catalog/product-writes";
import { saveProductCompliance } from "~/.server/compliance/facts";
import { changeOrderStatus } from "~/.server/flows/order-life";
import { placeOrder } from "~/.server/flows/place-order";
import { uploadCertificate } from "~/.server/tax/certificates";
import { storeToday } from "~/lib/business";
import type { ProductClass } from "~/lib/compliance/vocabulary";
import { licenseSchema } from "~/lib/schemas/business";
import { TEST_ADMIN } from "../support/actors";
import { customerWithAddress } from "../support/customers";
import { cookiesOf, hasBuild, postLogin, type RunningServer, startServer } from "../support/server-process";
import { setupTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * The back office's files, downloaded from the built server as the admin's browser does (issue 26):
 * the PACT file of a state is the whole answer of its own route, and its rows are the month's
 * orders; every file and document carries each security header once.
 */
describe.skipIf(!hasBuild)("back-office downloads on the built server", () => {
  let database: TestDatabase;
  let server: RunningServer;
  let admin: string;
  let buyer: string;
  let licenseId: string;
  let certificateId: string;
  let okOrders: { id: number; createdAt: string }[];
  let month: string;
  const vapes: { id: number; sku: string; name: string }[] = [];

  async function product(name: string, productClass: ProductClass, brand: string | null) {
    const sku = `DL-${vapes.length + 1}-${name.split(" ")[0]?.toUpperCase()}`;
    const id = await insertProduct(
      database.db,
      { sku, name, description: "", priceCents: 1500, stock: 500, category: "novelty" },
      [],
    );
    await saveProductCompliance(
      database.db,
      id,
      {
        brand,
        productClass,
        flavorClass: null,
        nicotineMgMl: null,
        country: null,
        upc: null,
        thcMg: null,
        sevenOhPercent: null,
      },
      TEST_ADMIN,
    );
    return { id, sku, name };
  }

  beforeAll(async () => {
    database = await setupTestDatabase();
    const db = database.db;
    await ensureAccount(db, {
      email: "files@admin.test",
      name: "Files Admin",
      role: "admin",
      password: "files-pass-1234",
    });
    const customer = await customerWithAddress(db, "okie@shop.test", { name: "Okie Buyer" });
    buyer = customer.id;
    const tulsa = await createAddress(db, buyer, {
      businessName: "Okie Vapes",
      street: "1 Route 66",
      city: "Tulsa",
      state: "OK",
      zip: "74103",
      phone: "(918) 555-0101",
      isDefault: false,
    });
    const arkansas = await createAddress(db, buyer, {
      businessName: "Ozark Vapor",
      street: "2 Main St",
      city: "Little Rock",
      state: "AR",
      zip: "72201",
      phone: "",
      isDefault: false,
    });
    vapes.push(await product("Mint Vape 5%", "nicotine-vape", "Zephyr"));
    vapes.push(await product("Fruit Vape 0%", "non-nicotine-vape", "Orchard"));
    const glass = await product("Glass pipe", "glass", null);
    const place = async (addressId: string, lines: { id: number; quantity: number }[]) =>
      (await placeOrder(db, { userId: buyer, idempotencyKey: crypto.randomUUID(), addressId, lines })).order;
    const first = await place(tulsa.id, [
      { id: vapes[0]?.id ?? 0, quantity: 3 },
      { id: glass.id, quantity: 2 },
    ]);
    const second = await place(tulsa.id, [
      { id: vapes[1]?.id ?? 0, quantity: 4 },
      { id: vapes[0]?.id ?? 0, quantity: 1 },
    ]);
    // Not in Oklahoma's file: another state, a cancelled order, the shipper's own state.
    await place(arkansas.id, [{ id: vapes[0]?.id ?? 0, quantity: 9 }]);
    const cancelled = await place(tulsa.id, [{ id: vapes[1]?.id ?? 0, quantity: 7 }]);
    await changeOrderStatus(db, cancelled.id, { seen: "Processing", next: "Cancelled" }, TEST_ADMIN);
    await place(customer.addressId, [{ id: vapes[0]?.id ?? 0, quantity: 5 }]);
    okOrders = [first, second];
    month = storeToday(new Date(first.createdAt)).slice(0, 7);
    const license = licenseSchema(storeToday()).parse({ type: "other", number: "DL-77", issuingState: "OK" });
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
    licenseId = (await addLicense(db, buyer, license, pdf, { id: buyer, name: "Okie Buyer" })).id;
    // A resale certificate (issue 41): the admins read it through their own route.
    certificateId = (
      await uploadCertificate(
        db,
        buyer,
        {
          permitNumber: null,
          permitPendingReason: "Applied for",
          productClasses: ["glass"],
          signerName: "Okie Buyer",
          signerTitle: null,
          signedOn: storeToday(),
        },
        pdf,
        { id: buyer, name: "Okie Buyer" },
      )
    ).id;

    server = await startServer({ DATA_DIR: database.dataDir, DATABASE_URL: database.url ?? "", LOG_LEVEL: "warn" });
    const login = await postLogin(server.origin, { email: "files@admin.test", password: "files-pass-1234" });
    admin = cookiesOf(login);
    expect(admin).toMatch(/session_token=/);
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await database?.cleanup();
  });

  /** The answer's headers as they came over the wire, each repeat included. */
  const rawGet = (path: string) =>
    new Promise<{ status: number; rawHeaders: string[] }>((resolve, reject) => {
      http
        .get(`${server.origin}${path}`, { headers: { cookie: admin } }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders }));
        })
        .on("error", reject);
    });

  const get = (path: string, cookie = admin) =>
    fetch(`${server.origin}${path}`, { headers: { cookie }, redirect: "manual" });

  it("the report page links each state's file, and the file's rows are the month's shipments into that state", async () => {
    const page = await get(`/admin/reports/pact?month=${month}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const link = `/admin/reports/pact/export.csv?month=${month}&amp;state=OK`;
    expect(html).toContain(`href="${link}"`);

    const file = await get(link.replace("&amp;", "&"));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="pact-OK-${month}.csv"`);
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    const rows: Record<string, string>[] = parse(await file.text(), { columns: true });
    // One row per vape line of the month's orders shipped to Oklahoma and not cancelled, read
    // from the orders themselves: the Arkansas, Texas and cancelled orders and the glass are not in it.
    const lines = await database.db
      .selectFrom("order_items")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .select([
        "orders.id",
        "orders.status",
        "orders.ship_state",
        "orders.ship_business_name",
        "orders.ship_city",
        "orders.ship_zip",
        "orders.ship_phone",
        "orders.created_at",
        "order_items.product_id",
        "order_items.name",
        "order_items.sku",
        "order_items.quantity",
      ])
      .orderBy("orders.id")
      .orderBy("order_items.position")
      .execute();
    const brands = new Map(vapes.map((v, i) => [v.id, i === 0 ? "Zephyr" : "Orchard"]));
    const expected = lines
      .filter(
        (l) =>
          storeToday(new Date(l.created_at)).startsWith(month) &&
          l.status !== "Cancelled" &&
          l.ship_state === "OK" &&
          brands.has(l.product_id ?? 0),
      )
      .map((l) => [
        String(l.id),
        // The report dates an order by the store's day (its time zone), not by UTC.
        storeToday(new Date(l.created_at)),
        "OK",
        l.ship_business_name,
        l.ship_city,
        l.ship_zip,
        l.ship_phone,
        brands.get(l.product_id ?? 0),
        l.name,
        l.sku,
        String(l.quantity),
      ]);
    expect(expected).toHaveLength(3);
    expect(new Set(expected.map((e) => e[0]))).toEqual(new Set(okOrders.map((o) => String(o.id))));
    expect(
      rows.map((r) => [
        r.Order,
        r["Order date"],
        r.State,
        r.Recipient,
        r.City,
        r.ZIP,
        r.Phone,
        r.Brand,
        r.Product,
        r.SKU,
        r.Quantity,
      ]),
    ).toEqual(expected);
  });

  it("the page's old address for a file shows the page, and a bad month or state is a 400, never a 500", async () => {
    const old = await get(`/admin/reports/pact?month=${month}&state=OK`);
    expect(old.status).toBe(200);
    expect(old.headers.get("content-type")).toMatch(/^text\/html/);
    for (const query of ["month=2026-13&state=OK", `month=${month}&state=ZZ`, `month=${month}`, ""]) {
      const res = await get(`/admin/reports/pact/export.csv?${query}`);
      expect(res.status, query).toBe(400);
    }
    // Admins only: a customer is sent away, as from every admin route.
    const customer = await get(`/admin/reports/pact/export.csv?month=${month}&state=OK`, "");
    expect(customer.status).toBe(302);
  });

  it("every file and document carries each security header once", async () => {
    const paths = [
      `/admin/reports/pact/export.csv?month=${month}&state=OK`,
      "/admin/products/export.csv",
      "/admin/orders/export.csv",
      `/orders/${okOrders[0]?.id}/invoice.pdf`,
      `/admin/orders/${okOrders[0]?.id}/packing-slip.pdf`,
      `/account/business/licenses/${licenseId}/document`,
      `/admin/certificates/${certificateId}/document`,
      `/admin/reports/pact?month=${month}`,
    ];
    for (const path of paths) {
      const { status, rawHeaders } = await rawGet(path);
      expect(status, path).toBe(200);
      const names = rawHeaders.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
      for (const name of ["x-content-type-options", "x-frame-options", "referrer-policy", "cache-control"]) {
        expect(names.filter((n) => n === name).length, `${path} ${name}`).toBeLessThanOrEqual(1);
      }
      expect(
        names.filter((n) => n === "x-content-type-options"),
        path,
      ).toEqual(["x-content-type-options"]);
    }
  });
});
