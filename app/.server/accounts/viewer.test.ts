import { parseCookies } from "better-auth/cookies";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "./admins";
import { getAuth } from "./auth";
import { authBool } from "./auth-columns";
import { loginUrl, mayCarryPersonalCookie, mayCarrySession, safeRedirectPath, viewerFromHeaders } from "./viewer";

const SESSION_NAMES = ["store.session_token", "__Secure-store.session_token", "store.session_data"];

describe("return addresses", () => {
  it("keeps paths of the store", () => {
    expect(safeRedirectPath("/products/kratom?cursor=x#top")).toBe("/products/kratom?cursor=x#top");
    expect(safeRedirectPath("/a/../orders/3")).toBe("/orders/3");
    expect(safeRedirectPath(" /cart ")).toBe("/cart");
  });

  it("turns everything that could leave the store into the fallback, after normalizing", () => {
    for (const attack of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "javascript:alert(1)",
      "http:/evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "/%2e%2e//evil.example",
      "/%2E%2e//evil.example",
      "/./\\evil.example",
      "/%2e//evil.example",
      "/a/..//evil.example",
      "/\tevil",
      "/\u0000x",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(attack, "/home"), String(attack)).toBe("/home");
    }
  });

  it("sends a visitor to log in with the page as the return address", () => {
    expect(loginUrl(new URL("http://s.test/orders/5?x=1"))).toBe("/login?redirectTo=%2Forders%2F5%3Fx%3D1");
  });
});

describe("the session gate", () => {
  it("says no only where no session can be", () => {
    expect(mayCarrySession(undefined)).toBe(false);
    expect(mayCarrySession("")).toBe(false);
    expect(mayCarrySession("ageVerified=1; _ga=GA1.2.3")).toBe(false);
    expect(mayCarryPersonalCookie("ageVerified=1")).toBe(false);
    expect(mayCarrySession("a=1; store.session_token=abc")).toBe(true);
    expect(mayCarrySession("__Secure-store.session_token=abc")).toBe(true);
    expect(mayCarryPersonalCookie("store.toast=xyz")).toBe(true);
    expect(mayCarryPersonalCookie(" STORE.TOAST =xyz")).toBe(true);
  });

  it("says yes to every spelling that the session reader itself accepts (whitespace, tabs, order, case, quotes)", () => {
    // The class of the cache leak of issue 26: a header that better-auth reads as carrying the
    // session cookie must never look session-free to the gate the shared cache asks.
    const blank = fc.constantFrom("", " ", "\t", "  ", " \t ");
    const other = fc.constantFrom("", "a=1;", "ageVerified=1; ", "x=y;\t", "theme=dark ;");
    const header = fc
      .record({
        before: other,
        name: fc.constantFrom(...SESSION_NAMES),
        lead: blank,
        trail: blank,
        afterEq: blank,
        value: fc.constantFrom("abc.def", '"abc.def"', "abc%2Edef"),
        after: fc.constantFrom("", "; b=2", ";c=3 "),
      })
      .map((h) => `${h.before}${h.lead}${h.name}${h.trail}=${h.afterEq}${h.value}${h.after}`);
    fc.assert(
      fc.property(header, (cookie) => {
        const parsed = parseCookies(cookie);
        const readAsSession = SESSION_NAMES.some((name) => parsed.has(name));
        if (readAsSession) expect(mayCarrySession(cookie), JSON.stringify(cookie)).toBe(true);
        return true;
      }),
      { numRuns: 500 },
    );
    // The spellings of the probe are among them, and the reader does take them.
    for (const cookie of ["store.session_token =abc", "\tstore.session_token=abc", "a=1;store.session_token\t=abc"]) {
      expect(parseCookies(cookie).has("store.session_token"), cookie).toBe(true);
      expect(mayCarrySession(cookie), cookie).toBe(true);
    }
  });
});

/**
 * The memo of looked-up sessions (issue 28: a signed-in request without the session read): a
 * remembered answer is used only while nothing it depends on changed, on this server or another.
 */
describe("remembered sessions", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await setupTestDatabase();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  async function signedIn(email: string): Promise<Headers> {
    await ensureAccount(t.db, { email, name: "Memo Buyer", role: "customer", password: "memo-secret-1234" });
    const session = await getAuth().api.signInEmail({
      body: { email, password: "memo-secret-1234" },
      returnHeaders: true,
    });
    const cookie = session.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return new Headers({ cookie });
  }

  it("reads a session once while nothing changes, and again after any account change", async () => {
    const headers = await signedIn("memo-1@viewer.test");
    const lookups = vi.spyOn(getAuth().api, "getSession");
    const first = await viewerFromHeaders(headers);
    expect(first?.email).toBe("memo-1@viewer.test");
    await viewerFromHeaders(headers);
    await viewerFromHeaders(new Headers({ cookie: ` ${headers.get("cookie")?.replace("=", " =")}` }));
    expect(lookups).toHaveBeenCalledTimes(1);

    // An admin makes them an admin: the next request sees it.
    await t.db.updateTable("users").set({ role: "admin" }).where("email", "=", "memo-1@viewer.test").execute();
    expect((await viewerFromHeaders(headers))?.role).toBe("admin");
    expect(lookups).toHaveBeenCalledTimes(2);
    lookups.mockRestore();
  });

  it("a session ended anywhere (logout, a disabled account, another server) is no viewer on the next request", async () => {
    const headers = await signedIn("memo-2@viewer.test");
    expect(await viewerFromHeaders(headers)).not.toBeNull();
    const user = await t.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "memo-2@viewer.test")
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    expect(await viewerFromHeaders(headers)).toBeNull();
  });

  it("a withdrawn verification counts at once", async () => {
    const headers = await signedIn("memo-3@viewer.test");
    expect(await viewerFromHeaders(headers)).not.toBeNull();
    await t.db
      .updateTable("users")
      .set({ email_verified: authBool(t.db, false) })
      .where("email", "=", "memo-3@viewer.test")
      .execute();
    expect(await viewerFromHeaders(headers)).toBeNull();
  });

  it("a forged cookie is no viewer, remembered or not", async () => {
    const forged = new Headers({ cookie: "store.session_token=forged.signature" });
    expect(await viewerFromHeaders(forged)).toBeNull();
    expect(await viewerFromHeaders(forged)).toBeNull();
  });
});
