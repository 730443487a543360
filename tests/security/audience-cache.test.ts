import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAddress } from "~/.server/accounts/addresses";
import { ensureAccount } from "~/.server/accounts/admins";
import { findUserByEmail } from "~/.server/accounts/users";
import { saveBusiness } from "~/.server/business/profile";
import { insertProduct } from "~/.server/catalog/product-writes";
import { saveProductCompliance } from "~/.server/compliance/facts";
import { createRule, setRuleEnabled } from "~/.server/compliance/rules";
import { updateAddress } from "~/.server/flows/address-book";
import { assignCustomer, createPriceGroup } from "~/.server/pricing/groups";
import { ruleSchema } from "~/lib/schemas/compliance";
import { TEST_ADMIN } from "../support/actors";
import { dataPath, pagePath } from "../support/pages";
import { cookiesOf, hasBuild, postLogin, type RunningServer, startServer } from "../support/server-process";
import { setupTestDatabase, type TestDatabase } from "../support/test-database";

/**
 * Catalog pages shared by an audience (issue 28), against the built server on the suite's
 * database (SQLite, or PostgreSQL with DATABASE_URL, where a second server on the same database
 * is started too). Customers in two price groups, two states and with different licenses crawl
 * the same addresses at the same time; each must get exactly their audience's page (prices,
 * compliance notes) and nobody's name. Then every kind of change shows on the next page.
 */
describe.skipIf(!hasBuild)("pages shared by an audience", () => {
  let database: TestDatabase;
  let server: RunningServer;
  let second: RunningServer | null = null;
  const tag = crypto.randomBytes(3).toString("hex");
  const ids = { torch: 0, kratom: 0, hemp: 0 };
  /** Their pages (their lines'). */
  const P = { torch: "", kratom: "", hemp: "" };
  let groupId = 0;
  const password = "audience-pass-1234";

  interface Customer {
    key: "a1" | "a2" | "b" | "c" | "d";
    name: string;
    email: string;
    id: string;
    cookie: string;
  }
  const customers: Customer[] = [];
  /** Sales reps (issue 29): one acting for b's business, one acting for nobody. */
  const reps = { acting: "", idle: "" };
  const who = (key: Customer["key"]) => customers.find((c) => c.key === key) as Customer;

  const TX = { businessName: "Dallas Shop", street: "1500 Main St", city: "Dallas", state: "TX", zip: "75201" };
  const IN = { businessName: "Hoosier Mart", street: "200 Market St", city: "Indianapolis", state: "IN", zip: "46204" };
  const KRATOM_NOTE = "Not available for your Indiana address: kratom ban";
  const HEMP_NOTE = "Not available for your Texas address: hemp registration";

  function rule(fields: Record<string, string>) {
    return ruleSchema.parse({ effectiveFrom: "2025-01-01", ...fields });
  }

  beforeAll(async () => {
    database = await setupTestDatabase();
    const db = database.db;
    const product = (name: string, priceCents: number, category: string) =>
      insertProduct(
        db,
        { sku: `AUD-${name}-${tag}`, name: `${name} Zq${tag}`, description: "", priceCents, stock: 50, category },
        [],
      );
    ids.torch = await product("Torch", 10_000, "glass");
    ids.kratom = await product("Kratom", 2_000, "kratom");
    ids.hemp = await product("Hemp", 3_000, "delta");
    for (const key of ["torch", "kratom", "hemp"] as const) P[key] = await pagePath(db, ids[key]);
    const facts = {
      brand: null,
      flavorClass: null,
      nicotineMgMl: null,
      country: "US",
      upc: null,
      sevenOhPercent: null,
    };
    await saveProductCompliance(db, ids.kratom, { ...facts, productClass: "kratom", thcMg: null }, TEST_ADMIN);
    await saveProductCompliance(db, ids.hemp, { ...facts, productClass: "cannabinoid", thcMg: 0 }, TEST_ADMIN);
    await createRule(
      db,
      rule({
        name: "Indiana kratom",
        productIds: String(ids.kratom),
        states: "IN",
        effect: "block",
        reason: "No kratom to Indiana.",
        label: "kratom ban",
      }),
      TEST_ADMIN,
    );
    await createRule(
      db,
      rule({
        name: "Texas hemp",
        productIds: String(ids.hemp),
        states: "TX",
        effect: "require-license",
        licenseType: "tx-dshs-hemp",
        reason: "Texas asks for a hemp registration.",
        label: "hemp registration",
      }),
      TEST_ADMIN,
    );
    groupId = await createPriceGroup(db, { name: `Ten off ${tag}`, kind: "percent", percentOffBp: 1000 }, TEST_ADMIN);

    server = await startServer({ DATA_DIR: database.dataDir, DATABASE_URL: database.url ?? "", LOG_LEVEL: "warn" });
    if (database.url) {
      second = await startServer({ DATA_DIR: database.dataDir, DATABASE_URL: database.url, LOG_LEVEL: "warn" });
    }
    const plan: [Customer["key"], typeof TX, boolean][] = [
      ["a1", TX, true],
      ["a2", TX, true],
      ["b", TX, false],
      ["c", IN, false],
      ["d", TX, false],
    ];
    for (const [key, address, inGroup] of plan) {
      const name = `Audience ${key.toUpperCase()} Person${tag}`;
      const email = `aud-${key}-${tag}@cache.test`;
      await ensureAccount(db, { email, password, name, role: "customer", username: `aud${key}${tag}` });
      const user = await findUserByEmail(db, email);
      if (!user) throw new Error("no user");
      await createAddress(db, user.id, { ...address, phone: "(214) 555-0100", isDefault: true });
      if (inGroup) await assignCustomer(db, groupId, email, TEST_ADMIN);
      if (key === "d") {
        const now = new Date().toISOString();
        await db
          .insertInto("licenses")
          .values({
            id: crypto.randomUUID(),
            user_id: user.id,
            address_id: null,
            address_bound: 0,
            type: "tx-dshs-hemp",
            number: "HEMP-1",
            issuing_state: "TX",
            expires_on: "2099-12-31",
            document_key: "x",
            document_type: "application/pdf",
            document_size: 1,
            status: "approved",
            created_at: now,
            updated_at: now,
          } as never)
          .execute();
      }
      // The session cookie alone: the log-in's flash message is for one page only.
      const login = cookiesOf(await postLogin(server.origin, { email, password }));
      const session = /(?:^|; )(store\.session_token=[^;]+)/.exec(login)?.[1];
      if (!session) throw new Error("the log-in sets no session cookie");
      customers.push({ key, name, email, id: user.id, cookie: session });
    }
    // a1 and b run businesses; a rep assigned to both acts for b (b's audience, with the banner),
    // another assigned to a1 acts for nobody (no price at all).
    for (const key of ["a1", "b"] as const) {
      await saveBusiness(
        db,
        who(key).id,
        { legalName: `Biz ${key} ${tag}`, dba: null, businessType: "convenience-store", taxPermit: null },
        TEST_ADMIN,
      );
    }
    for (const kind of ["acting", "idle"] as const) {
      const email = `rep-${kind}-${tag}@cache.test`;
      await ensureAccount(db, {
        email,
        password,
        name: `Rep ${kind} ${tag}`,
        role: "customer",
        username: `rep${kind}${tag}`,
      });
      const rep = await findUserByEmail(db, email);
      if (!rep) throw new Error("no rep");
      await db.updateTable("users").set({ role: "rep" }).where("id", "=", rep.id).execute();
      const now = new Date().toISOString();
      const businesses = kind === "acting" ? [who("a1").id, who("b").id] : [who("a1").id];
      for (const business of businesses) {
        await db
          .insertInto("rep_assignments")
          .values({ rep_id: rep.id, business_id: business, created_at: now })
          .execute();
      }
      if (kind === "acting") {
        await db
          .insertInto("acting_for")
          .values({ user_id: rep.id, business_id: who("b").id, started_at: now })
          .execute();
      }
      const login = cookiesOf(await postLogin(server.origin, { email, password }));
      reps[kind] = /(?:^|; )(store\.session_token=[^;]+)/.exec(login)?.[1] ?? "";
    }
  }, 300_000);

  afterAll(async () => {
    await second?.stop();
    await server?.stop();
    await database?.cleanup();
  });

  const get = (path: string, cookie?: string, origin = server.origin) =>
    fetch(`${origin}${path}`, { headers: cookie ? { cookie } : {} });

  /**
   * A change this test writes to the database itself (as another app server would) shows on the
   * servers' next page; on PostgreSQL the servers hear of it by notification (decision 0042), so
   * it must show within a second. On SQLite the very next page must show it.
   */
  async function nextPage(check: () => Promise<void>): Promise<void> {
    const until = Date.now() + (database.url ? 1000 : 0);
    for (;;) {
      try {
        await check();
        return;
      } catch (error) {
        if (Date.now() >= until) throw error;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  }

  /**
   * Every value of `key` in a route data answer (React Router's turbo-stream: one JSON array in
   * which objects name their keys and values by index, `{"_3": 4}` is arr[3]: arr[4]).
   */
  function dataValues(body: string, key: string): unknown[] {
    const arr = JSON.parse(body.split("\n")[0] ?? "[]") as unknown[];
    const values: unknown[] = [];
    arr.forEach((name, i) => {
      if (name !== key) return;
      for (const item of arr) {
        if (item && typeof item === "object" && !Array.isArray(item) && `_${i}` in item) {
          const at = (item as Record<string, number>)[`_${i}`] as number;
          values.push(at >= 0 ? arr[at] : null);
        }
      }
    });
    return values;
  }

  /** What each customer's audience must see, and what it must not. */
  function expectations(key: Customer["key"]) {
    const group = key === "a1" || key === "a2";
    return {
      price: group ? "$90.00" : "$100.00",
      otherPrice: group ? "$100.00" : "$90.00",
      cents: group ? 9000 : 10_000,
      otherCents: group ? 10_000 : 9000,
      kratomNote: key === "c",
      hempNote: key !== "c" && key !== "d",
    };
  }

  const crawl = () => [P.torch, dataPath(P.torch), `/search?q=Zq${tag}`, `/search.data?q=Zq${tag}`, P.kratom, P.hemp];

  function check(body: string, customer: Customer, path: string) {
    const want = expectations(customer.key);
    const where = `${customer.key} ${path}`;
    if (!path.includes(P.kratom) && !path.includes(P.hemp)) {
      if (path.includes(".data")) {
        const cents = dataValues(body, "priceCents");
        expect(cents, where).toContain(want.cents);
        expect(cents, where).not.toContain(want.otherCents);
      } else {
        expect(body, where).toContain(want.price);
        expect(body, where).not.toContain(want.otherPrice);
      }
    }
    if (path.includes("search") || path.includes(P.kratom)) {
      expect(body.includes(KRATOM_NOTE), `${where}: kratom note`).toBe(want.kratomNote);
    }
    if (path.includes("search") || path.includes(P.hemp)) {
      expect(body.includes(HEMP_NOTE), `${where}: hemp note`).toBe(want.hempNote);
    }
    for (const other of customers) expect(body, `${where} names nobody`).not.toContain(other.name);
  }

  it("customers of different audiences crawling the same pages at once each get only their own", async () => {
    for (let round = 0; round < 4; round++) {
      const requests = customers.flatMap((customer) =>
        crawl().map(async (path) => {
          const res = await get(path, customer.cookie);
          expect(res.status, `${customer.key} ${path}`).toBe(200);
          expect(res.headers.get("cache-control"), path).toContain("no-store");
          check(await res.text(), customer, path);
          return res.headers.get("x-cache");
        }),
      );
      // The rep acting for b gets b's pages (never a1's group price), with the banner; b never
      // gets the banner; the rep acting for nobody gets no price at all.
      const staff = crawl().flatMap((path) => [
        (async () => {
          const res = await get(path, reps.acting);
          const body = await res.text();
          check(body, who("b"), path);
          if (!path.includes(".data")) expect(body, `rep ${path}`).toContain(`You are ordering for Biz b ${tag}`);
          return res.headers.get("x-cache");
        })(),
        (async () => {
          const body = await (await get(path, reps.idle)).text();
          expect(body, `idle rep ${path}`).not.toMatch(/\$(90|100)\.00/);
          if (path.includes(".data")) expect(dataValues(body, "priceCents"), `idle rep ${path}`).toEqual([]);
          return null;
        })(),
        (async () => {
          const body = await (await get(path, who("b").cookie)).text();
          expect(body, `b ${path}`).not.toContain("You are ordering for");
          return null;
        })(),
      ]);
      // Visitors crawl at the same time: never a price, never a note.
      const visitors = crawl().map(async (path) => {
        const body = await (await get(path)).text();
        expect(body, `visitor ${path}`).not.toMatch(/\$(90|100)\.00/);
        expect(body, `visitor ${path}`).not.toContain("Not available for your");
      });
      const caches = await Promise.all(requests);
      await Promise.all(visitors);
      await Promise.all(staff);
      if (round > 0)
        expect(caches.filter((c) => c === "HIT").length, "later rounds are served from the cache").toBe(caches.length);
    }
  });

  it("two customers of one audience share a page: the second one's first visit is a hit", async () => {
    const path = `/products/glass?in=${tag}`;
    const first = await get(`/products/glass`, who("a1").cookie);
    await first.arrayBuffer();
    const second = await get(`/products/glass`, who("a2").cookie);
    expect(second.headers.get("x-cache"), path).toBe("HIT");
    check(await second.text(), who("a2"), "/products/glass");
  });

  it("a session that is not one (forged, ended) is answered by the app as a visitor's and never stored", async () => {
    const forged = `store.session_token=${crypto.randomBytes(24).toString("base64url")}.forged`;
    for (let i = 0; i < 2; i++) {
      const res = await get(P.torch, forged);
      expect(res.headers.get("x-cache")).toBeNull();
      expect(await res.text()).not.toMatch(/\$(90|100)\.00/);
    }
  });

  it("a change of a price, a group membership, an address, a license decision, a rule or the stock shows on the next page", async () => {
    const db = database.db;
    const page = async (key: Customer["key"], path: string, origin?: string) =>
      (await get(path, who(key).cookie, origin)).text();
    const torch = P.torch;

    // Warm every page first, so each change has a stored page to make stale.
    for (const c of customers) await page(c.key, torch);

    await db.updateTable("products").set({ price_cents: 12_000 }).where("id", "=", ids.torch).execute();
    await nextPage(async () => expect(await page("b", torch)).toContain("$120.00"));
    await nextPage(async () => expect(await page("a1", torch)).toContain("$108.00"));

    await assignCustomer(db, groupId, who("b").email, TEST_ADMIN);
    await nextPage(async () => expect(await page("b", torch)).toContain("$108.00"));

    const kratom = P.kratom;
    expect(await page("b", kratom)).not.toContain(KRATOM_NOTE);
    const address = await db
      .selectFrom("addresses")
      .select("id")
      .where("user_id", "=", who("b").id)
      .executeTakeFirstOrThrow();
    await updateAddress(db, who("b").id, address.id, { ...IN, phone: "(317) 555-0100", isDefault: true }, TEST_ADMIN);
    await nextPage(async () => expect(await page("b", kratom)).toContain(KRATOM_NOTE));

    const hemp = P.hemp;
    expect(await page("d", hemp)).not.toContain(HEMP_NOTE);
    await db.updateTable("licenses").set({ status: "rejected" }).where("user_id", "=", who("d").id).execute();
    await nextPage(async () => expect(await page("d", hemp)).toContain(HEMP_NOTE));

    const rules = await db.selectFrom("compliance_rules").select("id").where("name", "=", "Indiana kratom").execute();
    for (const r of rules) await setRuleEnabled(db, r.id, false, TEST_ADMIN);
    await nextPage(async () => expect(await page("c", kratom)).not.toContain(KRATOM_NOTE));

    // A buyer's product page says how many are available (the stock moves with every sale).
    expect(dataValues(await page("a1", `${torch}.data`), "stock")).toEqual([50]);
    expect(dataValues(await page("a1", `${torch}.data`), "stock")).toEqual([50]);
    await db.updateTable("products").set({ stock: 7 }).where("id", "=", ids.torch).execute();
    await nextPage(async () => expect(dataValues(await page("a1", `${torch}.data`), "stock")).toEqual([7]));

    // A session ended anywhere: the next page is a visitor's.
    await db.deleteFrom("sessions").where("user_id", "=", who("a2").id).execute();
    await nextPage(async () => expect(await page("a2", torch)).not.toMatch(/\$(90|100|108|120)\.00/));
  });

  it.runIf(!!process.env.DATABASE_URL)(
    "with two app servers on PostgreSQL, a change made elsewhere shows on both within a second",
    async () => {
      if (!second) throw new Error("no second server");
      const torch = P.torch;
      const on = (origin: string) => get(torch, who("a1").cookie, origin).then((r) => r.text());
      await on(second.origin);
      await on(second.origin);
      await database.db.updateTable("products").set({ price_cents: 20_000 }).where("id", "=", ids.torch).execute();
      // Within a second on both: each hears the change (decision 0042).
      const other = second.origin;
      await nextPage(async () => expect(await on(other)).toContain("$180.00"));
      await nextPage(async () => expect(await on(server.origin)).toContain("$180.00"));
    },
  );

  it("a change a customer makes through a server shows on that server's very next page, with no wait", async () => {
    const db = database.db;
    const kratom = P.kratom;
    const rules = await db.selectFrom("compliance_rules").select("id").where("name", "=", "Indiana kratom").execute();
    for (const r of rules) await setRuleEnabled(db, r.id, true, TEST_ADMIN);
    const c = who("c");
    await nextPage(async () => expect(await (await get(kratom, c.cookie)).text()).toContain(KRATOM_NOTE));
    const indiana = await db
      .selectFrom("addresses")
      .select("id")
      .where("user_id", "=", c.id)
      .where("state", "=", "IN")
      .executeTakeFirstOrThrow();
    const texas = await createAddress(db, c.id, { ...TX, phone: "(214) 555-0100", isDefault: false });
    const makeDefault = async (id: string) => {
      const res = await fetch(`${server.origin}/shipping-address`, {
        method: "POST",
        headers: { cookie: c.cookie, origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "default", id }).toString(),
        redirect: "manual",
      });
      await res.arrayBuffer();
      expect(res.status, "the default address is set").toBeLessThan(400);
    };
    await makeDefault(texas.id);
    expect(await (await get(kratom, c.cookie)).text()).not.toContain(KRATOM_NOTE);
    const other = second?.origin;
    if (other) {
      await nextPage(async () => expect(await (await get(kratom, c.cookie, other)).text()).not.toContain(KRATOM_NOTE));
    }
    await makeDefault(indiana.id);
    expect(await (await get(kratom, c.cookie)).text()).toContain(KRATOM_NOTE);
  });
});
