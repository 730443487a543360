import "./support/env";
import type { APIRequestContext } from "@playwright/test";
import { getAuth } from "../../app/.server/accounts/auth";
import { addLicense } from "../../app/.server/business/licenses";
import { saveBusiness } from "../../app/.server/business/profile";
import { brandNamed, productPath } from "../../app/.server/catalog/lines";
import { saveLabReport } from "../../app/.server/compliance/facts";
import { getDb } from "../../app/.server/db/instance";
import { createPurchaseOrder } from "../../app/.server/inventory/purchase-orders";
import { createSupplier } from "../../app/.server/inventory/suppliers";
import { createList, saveToList } from "../../app/.server/lists/saved-lists";
import { storeDocument } from "../../app/.server/media/documents";
import { uploadCertificate } from "../../app/.server/tax/certificates";
import { routeWithStops } from "../support/delivery";
import { type Access, EXCEPTIONS, ROUTES, type TableRoute } from "../support/route-table";
import { createAdminAccount, createCustomer, type TestAccount } from "./support/data";
import { expect, money, test } from "./support/fixtures";

/**
 * The authorization matrix, generated from the declared route policy: every route of the route
 * table (app/routes.ts) and the access of the group it sits in (app/lib/route-policy.ts), for
 * every kind of viewer, as a page, as route data and as a form post, plus a cross-site post. A
 * route added to a group is checked as the group says, with nothing to edit here; only routes
 * that answer differently from their group (owners' pages, resources) are named below.
 */
/**
 * The viewers: a visitor; an unverified account; the owner of a business and a buyer of that same
 * business (issue 29); a customer of another business (the owner of their own one-person
 * business); a sales rep who acts for no business (and sees no price); a delivery driver (issue
 * 37); an admin. Every access level of app/lib/route-policy.ts meets each of them.
 */
type Role = "visitor" | "unverified" | "owner" | "buyer" | "other" | "rep" | "driver" | "admin";
const ROLES: Role[] = ["visitor", "unverified", "owner", "buyer", "other", "rep", "driver", "admin"];
const SIGNED_IN: Role[] = ["owner", "buyer", "other", "rep", "driver", "admin"];
/** Who the owner group lets in: an owner of a business (the other customer owns their own). */
const OWNERS: Role[] = ["owner", "other"];
/** Who the rep group lets in: sales staff. */
const STAFF: Role[] = ["rep", "admin"];
/** Pages whose forms only a business's owners may use (issue 29). */
const OWNERS_CHANGE = ["account/business.tsx", "account/shipping-address.tsx"];
/** Who sees a business's orders and documents: its members. */
const OF_THE_BUSINESS: Role[] = ["owner", "buyer"];

const ORIGIN = process.env.BASE_URL as string;

interface World {
  cookies: Record<Role, string>;
  productId: number;
  /** The product's line (issue 38): its page's address, and its id (the back office's editor); a brand's page. */
  lineSlug: string;
  lineId: number;
  brandSlug: string;
  orderId: number;
  /** The driver's stop on today's route (issue 40). */
  stopId: number;
  listId: number;
  licenseId: string;
  /** A resale certificate of the owner's business (issue 41): its owners' and the admins' to read. */
  certificateId: string;
  /** The owner's business (its key), for the back office's receivables page (issue 30). */
  businessId: string;
  /** The owner's email: their team page lists it; nobody outside the business reads it. */
  ownerEmail: string;
  /** The product's price as the store prints it: must never reach a visitor. */
  price: string;
  /** A published lot of the product (issue 39): its public page and report, its labels' sheet. */
  lotCode: string;
  lotId: number;
  /** A supplier and a draft purchase order to it (issue 39): admin-only pages. */
  supplierId: number;
  poId: number;
  /** A delivery route (issue 40): the dispatch pages and its pick and loading lists, admin-only. */
  routeId: number;
  endpointId: number;
}

function concrete(routePath: string, world: World): string {
  if (routePath === "/order-confirmation") return `/order-confirmation?order=${world.orderId}`;
  if (routePath === "/*") return "/no-such-page";
  if (routePath === "/verify-email") return "/verify-email?token=bogus";
  // A PACT file is of a month and a state (without them: 400).
  if (routePath === "/admin/reports/pact/export.csv") return "/admin/reports/pact/export.csv?month=2026-01&state=OK";
  // The excise file is of a month (without one: 400).
  if (routePath === "/admin/reports/excise/export.csv") return "/admin/reports/excise/export.csv?month=2026-01";
  // The sales tax file is of a month, the audit export of a period (without them: 400).
  if (routePath === "/admin/sales-tax/report.csv") return "/admin/sales-tax/report.csv?month=2026-01";
  if (routePath === "/admin/sales-tax/audit.zip") return "/admin/sales-tax/audit.zip?from=2026-01&to=2026-02";
  return routePath
    .replace(":productId", String(world.productId))
    .replace(":slug", world.lineSlug)
    .replace(":brand", world.brandSlug)
    .replace(":lineId", String(world.lineId))
    .replace(":category", "kratom")
    .replace(":orderId", String(world.orderId))
    .replace(":stopId", String(world.stopId))
    .replace(":listId", String(world.listId))
    .replace(":licenseId", world.licenseId)
    .replace(":certificateId", world.certificateId)
    .replace(":businessId", world.businessId)
    .replace(":code", encodeURIComponent(world.lotCode))
    .replace(":lotId", String(world.lotId))
    .replace(":supplierId", String(world.supplierId))
    .replace(":poId", String(world.poId))
    .replace(":routeId", String(world.routeId))
    .replace(":endpointId", String(world.endpointId));
}

function expectedPage(access: Access, role: Role, declared: Access): number[] {
  const signedIn = SIGNED_IN.includes(role);
  switch (access) {
    case "public":
    case "resource":
      return [200];
    case "guest":
      return signedIn ? [302] : [200];
    case "signed-in":
      return signedIn ? [200] : [302];
    case "buyer":
      // A rep (and a driver) buys only while acting for a business: sent to their account, like
      // anyone who may not buy.
      return signedIn && role !== "rep" && role !== "driver" ? [200] : [302];
    // Anyone else signed in is sent to their account, told why (a visitor: to log in).
    case "owner":
      return OWNERS.includes(role) ? [200] : [302];
    case "rep":
      return STAFF.includes(role) ? [200] : [302];
    case "driver":
      return role === "driver" || role === "admin" ? [200] : [302];
    case "own":
      return role === "owner" ? [200] : signedIn ? [404] : [302];
    case "business":
      // the buyer group sends them to their account
      if ((role === "rep" || role === "driver") && declared === "buyer") return [302];
      return OF_THE_BUSINESS.includes(role) ? [200] : signedIn ? [404] : [302];
    case "owner-or-admin":
      return OF_THE_BUSINESS.includes(role) || role === "admin" ? [200] : signedIn ? [404] : [302];
    case "admin":
      return role === "admin" ? [200] : [302];
    case "smtp-off":
      return role === "admin" ? [404] : [302];
    case "redirect":
      return [301, 302, 303];
    case "post-only":
      // As the group answers, except that there is no page for those it lets in.
      return expectedPage(declared, role, declared).map((status) => (status === 200 ? 404 : status));
    case "catch-all":
      return [404];
  }
}

/** A post of an empty form: refused by the group, else answered by the action (400: nothing to do). */
function expectedPost(route: TableRoute, role: Role): number[] {
  const signedIn = SIGNED_IN.includes(role);
  if (route.file.endsWith("logout.ts")) return [302];
  // Add to Cart works without JavaScript: an empty form adds one unit (back to the product, or
  // to log in for those who may not buy); a post to a product's old address goes on to its line.
  if (route.file.endsWith("store/line.tsx")) return [302];
  if (route.file.endsWith("store/product.tsx")) return [308];
  // A saved list's page: an empty form is no change the owner asked for (400); others get 404.
  if (route.file.endsWith("account/saved-list.tsx")) return role === "owner" ? [400] : signedIn ? [404] : [302];
  if (route.access === "own") return role === "owner" ? [200] : signedIn ? [404] : [302];
  if (route.access === "business") return OF_THE_BUSINESS.includes(role) ? [200] : signedIn ? [404] : [302];
  // The business's profile, licenses and addresses are its owners' to change (issue 29): a buyer,
  // a rep and a driver are refused whatever they post.
  if (OWNERS_CHANGE.some((f) => route.file.endsWith(f)))
    return role === "buyer" || role === "rep" || role === "driver" ? [403] : signedIn ? [400] : [302];
  // Choosing a business: an empty choice is no business of theirs (403), as for anyone else.
  if (route.declared === "rep") return signedIn ? [403] : [302];
  switch (route.declared) {
    // A guest page sends a signed-in viewer on from its page, but its form still works (log in as
    // someone else).
    case "public":
    case "guest":
      return [400];
    case "signed-in":
      return signedIn ? [400] : [302];
    case "buyer":
      return role === "rep" || role === "driver" ? [403] : signedIn ? [400] : [302];
    case "owner":
      return OWNERS.includes(role) ? [400] : signedIn ? [403] : [302];
    case "driver":
      return role === "driver" || role === "admin" ? [400] : signedIn ? [403] : [302];
    case "admin":
      return role === "admin" ? [400] : [403];
  }
}

async function signedInCookie(request: APIRequestContext, account: TestAccount): Promise<string> {
  const res = await request.post("/login", {
    form: { identifier: account.email, password: account.password, redirectTo: "/" },
    headers: { Origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
  const cookie = res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === "set-cookie" && h.value.includes("session_token"))
    .map((h) => h.value.split(";")[0])
    .join("; ");
  expect(cookie).not.toBe("");
  return cookie;
}

async function world(playwright: {
  request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> };
}): Promise<World> {
  const owner = await createCustomer();
  const other = await createCustomer();
  const admin = await createAdminAccount();
  const unverified = await createCustomer({ verified: false });
  // The owner's business, with a buyer besides its owner; a sales rep assigned to it who is not
  // acting for it now (issue 29).
  await saveBusiness(
    getDb(),
    owner.id,
    {
      legalName: `Matrix Mart ${owner.id.slice(0, 6)}`,
      dba: null,
      businessType: "convenience-store",
      taxPermit: null,
    },
    { id: owner.id, name: owner.email },
  );
  const buyer = await createCustomer({ withAddress: false });
  await getDb()
    .insertInto("business_members")
    .values({
      user_id: buyer.id,
      business_id: owner.id,
      role: "buyer",
      order_limit_cents: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  const rep = await createCustomer({ withAddress: false });
  await getDb().updateTable("users").set({ role: "rep" }).where("id", "=", rep.id).execute();
  await getDb()
    .insertInto("rep_assignments")
    .values({ rep_id: rep.id, business_id: owner.id, created_at: new Date().toISOString() })
    .execute();
  // A delivery driver (issue 37): a verified login of their own, in no business.
  const driver = await createCustomer({ withAddress: false });
  await getDb().updateTable("users").set({ role: "driver" }).where("id", "=", driver.id).execute();
  const api = await playwright.request.newContext({ baseURL: ORIGIN });
  const cookies = {
    visitor: "",
    owner: await signedInCookie(api, owner),
    buyer: await signedInCookie(api, buyer),
    other: await signedInCookie(api, other),
    rep: await signedInCookie(api, rep),
    driver: await signedInCookie(api, driver),
    admin: await signedInCookie(api, admin),
    // A session the sign-in flow would refuse to make (unverified customer): made directly.
    unverified: (
      await getAuth().api.signInEmail({
        body: { email: unverified.email, password: unverified.password },
        returnHeaders: true,
      })
    ).headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  } satisfies Record<Role, string>;
  const product = await getDb()
    .selectFrom("products")
    .select(["id", "price_cents"])
    .where("stock", ">", 5)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const address = await getDb()
    .selectFrom("addresses")
    .select("id")
    .where("user_id", "=", owner.id)
    .executeTakeFirstOrThrow();
  const placed = await api.post("/checkout.data", {
    form: {
      idempotencyKey: crypto.randomUUID(),
      addressId: address.id,
      lines: JSON.stringify([{ id: product.id, quantity: 1 }]),
    },
    headers: { Origin: ORIGIN, cookie: cookies.owner },
  });
  expect(placed.status()).toBe(200);
  const order = await getDb()
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", owner.id)
    .executeTakeFirstOrThrow();
  // A license document of the owner's business: theirs and the admins' to read, nobody else's.
  const license = await addLicense(
    getDb(),
    owner.id,
    { type: "other", number: "MATRIX-1", issuingState: "TX", expiresOn: null, addressId: null, replacesId: null },
    Buffer.from("%PDF-1.4\n%%EOF\n"),
    { id: owner.id, name: owner.email },
  );
  // A resale certificate of the owner's business (issue 41), uploaded on paper.
  const certificate = await uploadCertificate(
    getDb(),
    owner.id,
    {
      permitNumber: null,
      permitPendingReason: "Matrix permit applied for",
      productClasses: ["glass"],
      signerName: "Matrix Owner",
      signerTitle: null,
      signedOn: "2026-01-02",
    },
    Buffer.from("%PDF-1.4\n%%EOF\n"),
    { id: owner.id, name: owner.email },
  );
  // A saved list of the owner's, holding the product: theirs alone to read and change.
  const list = await createList(getDb(), owner.id, "Matrix list");
  await saveToList(getDb(), owner.id, { listId: list.id }, [{ productId: product.id, quantity: 1 }], "fit");
  // The product's lab report: public, like the product page that links to it.
  await saveLabReport(getDb(), product.id, Buffer.from("%PDF-1.4\n%%EOF\n"), { id: null, name: "Matrix" });
  // A published lot of the product, with nothing on hand (the product's stock stays as it is).
  const report = await storeDocument(Buffer.from("%PDF-1.4\n%%EOF\n"), "lot-report.pdf");
  const lotCode = `MX-${crypto.randomUUID().slice(0, 8)}`;
  const now = new Date().toISOString();
  const lot = await getDb()
    .insertInto("lots")
    .values({
      code: lotCode,
      code_key: lotCode.toLowerCase(),
      product_id: product.id,
      name: "Matrix lot product",
      sku: "MATRIX-LOT",
      unit_cost_cents: 100,
      quantity_received: 0,
      on_hand: 0,
      lab_report_key: report.key,
      lab_report_type: report.type,
      lab_report_size: report.size,
      published: 1,
      received_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const matrixActor = { id: null, name: "Matrix" };
  const supplierId = await createSupplier(
    getDb(),
    {
      name: `Matrix Supply ${lotCode}`,
      email: "matrix@supplier.test",
      phone: "",
      leadTimeDays: 3,
      terms: "",
      notes: "",
      active: true,
    },
    matrixActor,
  );
  const po = await createPurchaseOrder(getDb(), supplierId, [], matrixActor);
  const zone = await getDb()
    .insertInto("delivery_zones")
    .values({
      name: `Matrix zone ${lotCode}`,
      name_key: `matrix zone ${lotCode}`.toLowerCase(),
      route_days: "1",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const deliveryRoute = await getDb()
    .insertInto("delivery_routes")
    .values({ zone_id: zone.id, day: "2031-01-06", status: "planned", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Today's route of the driver, with the order as its stop (issue 40): the driver's stop page.
  const { stopIds } = await routeWithStops(getDb(), { driverId: driver.id, orderIds: [order.id] });
  // A webhook endpoint (issue 42): its page and its form posts.
  const endpoint = await getDb()
    .insertInto("webhook_endpoints")
    .values({
      url: "https://hooks.example.com/matrix",
      events: JSON.stringify(["order.placed"]),
      secret: "whsec_bWF0cml4LXNlY3JldC1mb3ItdGVzdHM=",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await api.dispose();
  return {
    cookies,
    productId: product.id,
    lineSlug: (await productPath(getDb(), product.id))?.split("/")[2]?.split("?")[0] ?? "",
    brandSlug: await getDb()
      .selectFrom("brands")
      .select("slug")
      .where("id", "=", (await brandNamed(getDb(), "Matrix Brand")) ?? 0)
      .executeTakeFirstOrThrow()
      .then((b) => b.slug),
    lineId: (
      await getDb().selectFrom("products").select("line_id").where("id", "=", product.id).executeTakeFirstOrThrow()
    ).line_id,
    orderId: order.id,
    stopId: stopIds[0] as number,
    listId: list.id,
    licenseId: license.id,
    certificateId: certificate.id,
    businessId: owner.id,
    ownerEmail: owner.email,
    price: money(product.price_cents),
    lotCode,
    lotId: lot.id,
    supplierId,
    poId: po.id,
    routeId: deliveryRoute.id,
    endpointId: endpoint.id,
  };
}

/** Return addresses that must never leave the store (every spelling a browser would normalize). */
const RETURN_ADDRESS_ATTACKS = [
  "https://evil.example/",
  "//evil.example",
  "/\\evil.example",
  "javascript:alert(1)",
  "http:/evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/%2E%2E//evil.example",
  "/./\\evil.example",
  "/%2e//evil.example",
  "/a/..//evil.example",
];

test.describe("authorization matrix from the route table @desktop-only", () => {
  test("every route of the table sits in a group that declares its access", () => {
    expect(ROUTES.length).toBeGreaterThan(30);
    for (const r of ROUTES) {
      expect(r.group, `${r.file} (${r.path}) is in no group`).not.toBeNull();
      // Exceptions only narrow what a public or account group allows; none opens an admin route,
      // nor a route of the owners, staff or drivers.
      if (r.declared === "admin") expect(["admin", "smtp-off", "post-only"]).toContain(r.access);
      if (r.declared === "owner" || r.declared === "rep") expect(r.access).toBe(r.declared);
      // The driver's phone posts its queued actions to a route with no page (issue 40).
      if (r.declared === "driver") expect(["driver", "post-only"]).toContain(r.access);
    }
    // The business's management is its owners' alone: a buyer of the business is refused there.
    const ownersPages = ROUTES.filter((r) => r.group === "owner");
    expect(ownersPages.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/account/team", "/account/approvals", "/account/statement", "/account/statement.pdf"]),
    );
    for (const r of ownersPages) expect(expectedPage(r.access, "buyer", r.declared), r.path).toEqual([302]);
    for (const file of Object.keys(EXCEPTIONS)) {
      expect(
        ROUTES.some((r) => r.file === file),
        `exception for a route not in the table: ${file}`,
      ).toBe(true);
    }
  });

  test("pages, route data and form posts answer each kind of viewer as the rule says", async ({ playwright }) => {
    test.setTimeout(240_000);
    const w = await world(playwright);
    const api = await playwright.request.newContext({ baseURL: ORIGIN });
    const wrong: string[] = [];
    for (const r of ROUTES) {
      const rule = r;
      const url = concrete(r.path, w);
      for (const role of ROLES) {
        const headers = w.cookies[role] ? { cookie: w.cookies[role] } : undefined;
        const page = await api.get(url, { headers, maxRedirects: 0 });
        // The page cache serves only public routes that declared it: to visitors, and to signed-in
        // viewers by their audience (issue 28, decision 0035); nothing of another group, ever.
        const cached = page.headers()["x-cache"];
        if (r.group !== "store" && cached) wrong.push(`GET ${url} as ${role}: cached (${cached})`);
        if (role !== "visitor" && cached && page.headers()["cache-control"] !== "private, no-store")
          wrong.push(`GET ${url} as ${role}: cached without private, no-store`);
        const signedIn = SIGNED_IN.includes(role);
        const expected = expectedPage(rule.access, role, rule.declared);
        if (!expected.includes(page.status())) {
          wrong.push(`GET ${url} as ${role}: ${page.status()}, expected ${expected.join("/")}`);
        }
        if (role === "visitor" || role === "unverified" || role === "rep" || role === "driver") {
          // Price leaks: no page or route data of the table carries a price for them (a rep sees
          // prices only while acting for one of their businesses, a driver never).
          const [p, q = ""] = url.split("?");
          const data = await api.get(`${p === "/" ? "/_" : p}.data${q ? `?${q}` : ""}`, {
            headers,
            maxRedirects: 0,
          });
          for (const [what, body] of [
            ["page", await page.text()],
            ["data", await data.text()],
          ]) {
            if (body?.includes("priceCents") || body?.includes(w.price))
              wrong.push(`${what} of ${url} as ${role} carries a price`);
          }
        }
        const sentToLogIn = ["signed-in", "buyer", "owner", "rep", "driver"].includes(rule.access) && !signedIn;
        if (page.status() === 302 && sentToLogIn) {
          expect(page.headers().location).toContain(`/login?redirectTo=${encodeURIComponent(url)}`);
        }
        if (page.status() === 302 && rule.access === "admin") expect(page.headers().location).toBe("/");
        if (page.status() === 302 && ["owner", "rep", "driver"].includes(rule.access) && signedIn) {
          expect(page.headers().location, `${url} as ${role}`).toBe("/account");
        }
        // Route data: the admin's, the owners' and a person's own data never reach anyone else.
        if (
          rule.access === "admin" ||
          rule.access === "owner" ||
          rule.access === "own" ||
          rule.access === "business" ||
          rule.access === "owner-or-admin"
        ) {
          const [p, q = ""] = url.split("?");
          const dataUrl = `${p === "/" ? "/_" : p}.data${q ? `?${q}` : ""}`;
          const data = await api.get(dataUrl, { headers, maxRedirects: 0 });
          const ok =
            rule.access === "admin"
              ? role === "admin"
              : rule.access === "owner"
                ? OWNERS.includes(role)
                : rule.access === "own"
                  ? role === "owner"
                  : OF_THE_BUSINESS.includes(role) || (rule.access === "owner-or-admin" && role === "admin");
          const allowed = ok ? [200] : rule.access === "admin" ? [403] : [202, 204, 302, 403, 404];
          if (!allowed.includes(data.status())) {
            wrong.push(`GET ${dataUrl} as ${role}: ${data.status()}, expected ${allowed.join("/")}`);
          }
          if (!ok) {
            const body = await data.text();
            expect(body).not.toContain("1500 Main St");
            // The owner's team (members' emails) and statement never reach a buyer, staff or a driver.
            expect(body, `${dataUrl} as ${role}`).not.toContain(w.ownerEmail);
          }
        }
        // Logging out for real would end the sessions the rest of the matrix needs (logout is
        // covered by the account journeys); its cross-site refusal is still checked below.
        const realLogout = r.file.endsWith("logout.ts") && role !== "visitor";
        if (rule.hasAction && !realLogout) {
          const post = await api.post(url, { headers: { ...headers, Origin: ORIGIN }, form: {}, maxRedirects: 0 });
          const expected = expectedPost(rule, role);
          if (!expected.includes(post.status())) {
            wrong.push(`POST ${url} as ${role}: ${post.status()}, expected ${expected.join("/")}`);
          }
        }
        if (rule.hasAction) {
          // The same post from another site is refused before it reaches the app.
          const cross = await api.post(url, {
            headers: { ...headers, Origin: "https://evil.example" },
            form: {},
            maxRedirects: 0,
          });
          if (cross.status() !== 403) wrong.push(`cross-site POST ${url} as ${role}: ${cross.status()}, expected 403`);
        }
      }
    }
    await api.dispose();
    expect(wrong, wrong.join("\n")).toEqual([]);
  });

  test("every return address refuses other origins", async ({ playwright }) => {
    const customer = await createCustomer();
    const api = await playwright.request.newContext({ baseURL: ORIGIN });
    for (const target of RETURN_ADDRESS_ATTACKS) {
      const res = await api.post("/login", {
        form: { identifier: customer.email, password: customer.password, redirectTo: target },
        headers: { Origin: ORIGIN },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(302);
      expect(res.headers().location, target).toBe("/");
      // Signed in now: opening the log-in page with the same return address stays here too.
      const again = await api.get(`/login?${new URLSearchParams({ redirectTo: target })}`, { maxRedirects: 0 });
      expect(again.status()).toBe(302);
      expect(again.headers().location, target).toBe("/account");
      await api.post("/logout", { headers: { Origin: ORIGIN }, maxRedirects: 0 });
    }
    await api.dispose();
  });
});
