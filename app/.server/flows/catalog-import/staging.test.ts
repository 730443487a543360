import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { setupTestDatabase, type TestDatabase } from "../../../../tests/support/test-database";
import { ensureAccount } from "../../accounts/admins";
import type { Actor } from "../../audit/log";
import { insertProduct } from "../../catalog/product-writes";
import { findJobDefinition } from "../../jobs/registry";
import { applyRowLimit } from "./apply";
import { applyImportForm as applyOrRedirect, dryRunImport, type ImportView, readApplyForm } from "./import-form";
import {
  findStagedImport,
  MAX_STAGED_PER_ADMIN,
  PRUNE_STAGED_IMPORTS_JOB,
  pruneStagedImports,
  STAGED_IMPORT_HOURS,
  stageImport,
} from "./staging";

/** The Apply post's answer (these posts come from the page's script: never a redirect). */
async function applyImportForm(...args: Parameters<typeof applyOrRedirect>) {
  const answer = await applyOrRedirect(...args);
  if (answer instanceof Response) throw new Error(`Apply answered a redirect (${answer.status})`);
  return answer;
}

/**
 * A catalog file is uploaded once (issue 27): the dry run stages it, Apply posts its id. Only the
 * admin who staged it may apply it, and only until it expires; an applied file goes.
 */
let t: TestDatabase;
let alice: Actor;
let bob: Actor;

const HOUR = 60 * 60 * 1000;

async function admin(email: string): Promise<Actor> {
  await ensureAccount(t.db, { email, name: email, role: "admin" });
  const { id } = await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return { id, name: email };
}

function upload(csv: string, name = "catalog.csv"): FormData {
  const form = new FormData();
  form.set("intent", "dry-run");
  form.set("file", new File([csv], name, { type: "text/csv" }));
  return form;
}

function applyForm(view: Pick<ImportView, "stagedId" | "digest">): FormData {
  const form = new FormData();
  form.set("intent", "apply");
  form.set("staged", view.stagedId ?? "");
  form.set("digest", view.digest);
  return form;
}

/** A dry run that must succeed: what the page shows of it. */
async function dryRun(csv: string, actor: Actor): Promise<ImportView> {
  const answer = await dryRunImport(upload(csv), actor);
  if (!answer.data.ok || !answer.data.data) throw new Error(answer.data.message ?? "refused");
  return answer.data.data;
}

async function stockOf(sku: string) {
  return (await t.db.selectFrom("products").select("stock").where("sku", "=", sku).executeTakeFirst())?.stock;
}

async function stagedCount(actor?: Actor) {
  let q = t.db.selectFrom("import_staging").select((eb) => eb.fn.countAll<number>().as("n"));
  if (actor?.id) q = q.where("admin_id", "=", actor.id);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

beforeAll(async () => {
  t = await setupTestDatabase();
  alice = await admin("alice@staging.test");
  bob = await admin("bob@staging.test");
});

afterAll(async () => {
  await t.cleanup();
});

beforeEach(async () => {
  await t.db.deleteFrom("import_staging").execute();
  await t.db.deleteFrom("products").execute();
  await insertProduct(
    t.db,
    { sku: "ST-1", name: "Staged one", description: "", priceCents: 100, stock: 4, category: "novelty" },
    [],
  );
});

describe(`a catalog import uploaded once, on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("the dry run stages the file; Apply posts only its id, writes it and forgets it", async () => {
    const view = await dryRun("sku,stock\nST-1,9\n", alice);
    expect(view.stagedId).toMatch(/^[a-f0-9]{32}$/);
    expect(await stockOf("ST-1")).toBe(4);
    const row = await t.db.selectFrom("import_staging").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: view.stagedId, admin_id: alice.id, file_name: "catalog.csv", size: 17 });
    expect(row.expires_at - Date.parse(row.created_at)).toBe(STAGED_IMPORT_HOURS * HOUR);

    // The Apply form carries no file: three short fields.
    const form = applyForm(view);
    expect([...form.keys()]).toEqual(["intent", "staged", "digest"]);
    const answer = await applyImportForm(form, alice);
    expect(answer.data).toMatchObject({ ok: true, data: { applied: true, stagedId: null } });
    expect(await stockOf("ST-1")).toBe(9);
    expect(await stagedCount()).toBe(0);
    // Applied once: the same post again finds nothing.
    const again = await applyImportForm(form, alice);
    expect(again.init?.status).toBe(404);
    expect(again.data).toEqual({ ok: false, message: BACK_OFFICE_MESSAGES.importStagedGone });
  });

  it("keeps the file byte for byte: a byte order mark, accents and quotes", async () => {
    const csv = '\ufeffsku,name,description\nST-1,"Café ""crème"" ☕","two\nlines"\n';
    const view = await dryRun(csv, alice);
    const staged = await findStagedImport(t.db, view.stagedId ?? "", alice.id ?? "");
    expect(Buffer.from(staged?.bytes ?? []).equals(Buffer.from(csv, "utf8"))).toBe(true);
    expect((await applyImportForm(applyForm(view), alice)).data).toMatchObject({ ok: true });
    const product = await t.db.selectFrom("products").select(["name", "description"]).executeTakeFirstOrThrow();
    expect(product).toEqual({ name: 'Café "crème" ☕', description: "two\nlines" });
  });

  it("another admin cannot apply it: the id answers as one that does not exist", async () => {
    const view = await dryRun("sku,stock\nST-1,9\n", alice);
    const theirs = await applyImportForm(applyForm(view), bob);
    const unknown = await applyImportForm(applyForm({ ...view, stagedId: "f".repeat(32) }), bob);
    expect(theirs.init?.status).toBe(404);
    expect(theirs).toEqual(unknown);
    expect(await stockOf("ST-1")).toBe(4);
    // Still Alice's to apply.
    expect((await applyImportForm(applyForm(view), alice)).data).toMatchObject({ ok: true });
    expect(await stockOf("ST-1")).toBe(9);
  });

  it("refuses a tampered or missing id, and a post without the dry run's digest, writing nothing", async () => {
    const view = await dryRun("sku,stock\nST-1,9\n", alice);
    const id = view.stagedId ?? "";
    const flipped = `${id.slice(0, -1)}${id.endsWith("0") ? "1" : "0"}`;
    for (const stagedId of [flipped, id.toUpperCase(), `${id}0`, "../../etc/passwd", `${id}' or '1'='1`]) {
      const { answer } = await readApplyForm(applyForm({ ...view, stagedId }), alice);
      expect(answer?.init?.status, stagedId).toBe(404);
      expect(answer?.data.message).toBe(BACK_OFFICE_MESSAGES.importStagedGone);
    }
    for (const form of [applyForm({ ...view, stagedId: null }), applyForm({ ...view, digest: "x" })]) {
      const { answer } = await readApplyForm(form, alice);
      expect(answer?.init?.status).toBe(400);
      expect(answer?.data.message).toBe(BACK_OFFICE_MESSAGES.importChooseFile);
    }
    expect(await stockOf("ST-1")).toBe(4);
    expect(await stagedCount()).toBe(1);
  });

  it("re-plans at Apply: a catalog changed since the dry run answers with the new one, applied with the same file", async () => {
    const view = await dryRun("sku,stock\nST-1,9\n", alice);
    await t.db.updateTable("products").set({ stock: 5 }).where("sku", "=", "ST-1").execute();
    const stale = await applyImportForm(applyForm(view), alice);
    expect(stale.init?.status).toBe(409);
    expect(stale.data).toMatchObject({ ok: false, message: MESSAGES.importCatalogChanged });
    const fresh = stale.data.data as ImportView;
    expect(fresh.stagedId).toBe(view.stagedId);
    expect(fresh.digest).not.toBe(view.digest);
    expect(fresh.changed[0]?.changes).toEqual([{ field: "stock", before: "5", after: "9" }]);
    expect(await stockOf("ST-1")).toBe(5);
    expect((await applyImportForm(applyForm(fresh), alice)).data).toMatchObject({ ok: true });
    expect(await stockOf("ST-1")).toBe(9);
    expect(await stagedCount()).toBe(0);
  });

  it("stages nothing when there is nothing to apply, or more than the database applies at once", async () => {
    expect((await dryRun("sku,stock\nST-1,4\n", alice)).stagedId).toBeNull();
    expect((await dryRun("sku,stock\nNOPE-1,4\n", alice)).stagedId).toBeNull();
    const limit = applyRowLimit(t.db);
    if (limit !== null) {
      const rows = Array.from({ length: limit + 1 }, (_, i) => `BIG-${i},Big,novelty,1.00,1`).join("\n");
      expect((await dryRun(`sku,name,category,price,stock\n${rows}\n`, alice)).stagedId).toBeNull();
    }
    expect(await stagedCount()).toBe(0);
  }, 60_000);

  it("expires: not applied after its time, and the job deletes what has expired", async () => {
    const now = Date.now();
    const old = await stageImport(
      t.db,
      alice.id ?? "",
      "old.csv",
      new TextEncoder().encode("sku\nX\n"),
      now - 25 * HOUR,
    );
    const fresh = await stageImport(t.db, alice.id ?? "", "new.csv", new TextEncoder().encode("sku\nY\n"), now);
    expect(await findStagedImport(t.db, old, alice.id ?? "", now)).toBeNull();
    expect(await findStagedImport(t.db, fresh, alice.id ?? "", now)).toMatchObject({ fileName: "new.csv" });
    expect(await findStagedImport(t.db, fresh, alice.id ?? "", now + STAGED_IMPORT_HOURS * HOUR)).toBeNull();
    expect(await pruneStagedImports(t.db, now)).toBe(1);
    expect((await t.db.selectFrom("import_staging").select("id").execute()).map((r) => r.id)).toEqual([fresh]);
    // The scheduled job does the same (startup.ts runs it hourly).
    const job = findJobDefinition(PRUNE_STAGED_IMPORTS_JOB);
    await job?.handler({}, { db: t.db, now: now + STAGED_IMPORT_HOURS * HOUR, job: {} as never });
    expect(await stagedCount()).toBe(0);
  });

  it(`keeps an admin's newest ${MAX_STAGED_PER_ADMIN} staged files, and another admin's apart`, async () => {
    const bobs = await dryRun("sku,stock\nST-1,7\n", bob);
    const views: ImportView[] = [];
    for (let i = 0; i < MAX_STAGED_PER_ADMIN + 2; i++) views.push(await dryRun(`sku,stock\nST-1,${10 + i}\n`, alice));
    expect(await stagedCount(alice)).toBe(MAX_STAGED_PER_ADMIN);
    expect(await stagedCount(bob)).toBe(1);
    expect((await applyImportForm(applyForm(views[0] as ImportView), alice)).init?.status).toBe(404);
    expect((await applyImportForm(applyForm(views.at(-1) as ImportView), alice)).data).toMatchObject({ ok: true });
    expect(await stockOf("ST-1")).toBe(10 + MAX_STAGED_PER_ADMIN + 1);
    expect(await findStagedImport(t.db, bobs.stagedId ?? "", bob.id ?? "")).not.toBeNull();
  });

  it("an admin's staged files go with their account", async () => {
    const carol = await admin("carol@staging.test");
    await dryRun("sku,stock\nST-1,9\n", carol);
    expect(await stagedCount(carol)).toBe(1);
    await t.db
      .deleteFrom("users")
      .where("id", "=", carol.id ?? "")
      .execute();
    expect(await stagedCount()).toBe(0);
  });
});
