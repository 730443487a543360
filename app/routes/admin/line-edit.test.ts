import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAccount } from "~/.server/accounts/admins";
import type { Viewer } from "~/.server/accounts/viewer";
import { insertProduct } from "~/.server/catalog/product-writes";
import { findProductCompliance, saveProductCompliance } from "~/.server/compliance/facts";
import { loadLineEditor } from "~/.server/flows/line-admin";
import * as MESSAGES from "~/lib/messages";
import * as FORM_MESSAGES from "~/lib/messages/forms";
import * as LINE_EDITOR_MESSAGES from "~/lib/messages/line-editor";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { postTo, replyOf, viewerFor } from "../../../tests/support/route-call";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { action } from "./line-edit";

/**
 * The line editor's action (issue 38) as the browser posts to it: each refusal in the form
 * contract, beside the field of the row that is wrong, with nothing written; the question before
 * removing; a save answered with the line's page. On the database the run is on.
 */
let t: TestDatabase;
let admin: Viewer;

beforeAll(async () => {
  t = await setupTestDatabase();
  await ensureAccount(t.db, {
    email: "lines@admin.test",
    name: "Line Admin",
    role: "admin",
    password: "line-pass-1234",
  });
  const row = await t.db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("email", "=", "lines@admin.test")
    .executeTakeFirstOrThrow();
  admin = viewerFor(row, "admin");
  const held = await insertProduct(
    t.db,
    { sku: "HELD-1", name: "Held", description: "", priceCents: 1_00, stock: 1, category: "glass" },
    [],
  );
  await saveProductCompliance(
    t.db,
    held,
    { ...(await findProductCompliance(t.db, held)), upc: "96385074" },
    TEST_ADMIN,
  );
});

afterAll(async () => {
  await t.cleanup();
});

async function post(fields: Record<string, string>, lineId?: number) {
  const path = lineId ? `/admin/lines/${lineId}` : "/admin/lines/new";
  const call = postTo(path, fields, admin);
  const answer = await action({ ...call, params: lineId ? { lineId: String(lineId) } : {} } as never);
  if (answer instanceof Response)
    return { status: answer.status, location: answer.headers.get("location"), reply: null };
  const { status, reply } = replyOf(answer);
  return { status, location: null, reply };
}

const LINE = {
  intent: "save",
  name: "Route Cloud",
  category: "disposable-vapes",
  optionName1: "Flavor",
  optionName2: "Nicotine",
};
function rows(...list: Record<string, string>[]): Record<string, string> {
  const out: Record<string, string> = {};
  list.forEach((row, i) => {
    for (const [k, v] of Object.entries(row)) out[`variants.${i}.${k}`] = v;
  });
  return out;
}
const variant = (flavor: string, strength: string, more: Record<string, string> = {}) => ({
  option1: flavor,
  option2: strength,
  price: "9.99",
  stock: "10",
  ...more,
});

async function lineCount(): Promise<number> {
  const row = await t.db
    .selectFrom("product_lines")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("the line editor's answers", () => {
  it("says each problem beside the field of its row, and writes nothing", async () => {
    const before = await lineCount();
    const { status, reply } = await post({
      ...LINE,
      ...rows(
        variant("Blue Razz", "", { upc: "036000291453" }),
        variant("Mint", "5%", { price: "1,00", sku: "R-1" }),
        variant("mint", "5%", { sku: "R-1" }),
      ),
    });
    expect(status).toBe(400);
    expect(reply?.fieldErrors).toEqual({
      "variants.0.option2": LINE_EDITOR_MESSAGES.optionValueMissing("Nicotine"),
      "variants.0.upc": MESSAGES.upcFormat,
      "variants.1.price": FORM_MESSAGES.amountFormat("price"),
      "variants.2.option1": LINE_EDITOR_MESSAGES.variantRepeated("mint / 5%"),
      "variants.2.sku": LINE_EDITOR_MESSAGES.skuRepeated("R-1"),
    });
    // What was typed comes back, so a page without its script keeps it.
    expect(reply?.values?.["variants.1.price"]).toBe("1,00");
    expect(await lineCount()).toBe(before);
  });

  it("says at their rows a SKU or UPC another product holds", async () => {
    const before = await lineCount();
    const { status, reply } = await post({
      ...LINE,
      ...rows(variant("Blue Razz", "5%", { sku: "HELD-1" }), variant("Mint", "5%", { upc: "9638 5074" })),
    });
    expect(status).toBe(409);
    expect(reply).toMatchObject({
      ok: false,
      message: LINE_EDITOR_MESSAGES.checkTheRows,
      fieldErrors: {
        "variants.0.sku": MESSAGES.skuTaken("HELD-1"),
        "variants.1.upc": LINE_EDITOR_MESSAGES.upcTaken("96385074"),
      },
    });
    expect(await lineCount()).toBe(before);
  });

  it("creates a line and answers with its page; removing a variant asks first, then removes it", async () => {
    const created = await post({
      ...LINE,
      brand: "Route Co",
      ...rows(variant("Blue Razz", "5%", { sku: "RT-BR5" }), variant("Mint", "5%", { sku: "RT-M5" }), {}),
    });
    expect(created.status).toBe(302);
    const lineId = Number(/^\/admin\/lines\/(\d+)$/.exec(created.location ?? "")?.[1]);
    const page = await loadLineEditor(t.db, lineId);
    expect(page?.variants.map((v) => v.name)).toEqual(["Route Cloud Blue Razz 5%", "Route Cloud Mint 5%"]);
    const [first, second] = page?.variants ?? [];
    const form = {
      ...LINE,
      version: String(page?.line.version),
      ...rows(
        variant("Blue Razz", "5%", {
          id: String(first?.id),
          version: String(first?.version),
          stockSeen: "10",
          sku: "RT-BR5",
          label: first?.name ?? "",
          remove: "on",
        }),
        variant("Mint", "5%", {
          id: String(second?.id),
          version: String(second?.version),
          stockSeen: "10",
          sku: "RT-M5",
        }),
      ),
    };
    const asked = await post(form, lineId);
    expect(asked.status).toBe(200);
    expect(asked.reply?.data).toEqual({
      confirm: {
        question: LINE_EDITOR_MESSAGES.removeQuestion(1),
        detail: "Route Cloud Blue Razz 5%",
        fields: form,
        danger: true,
      },
    });
    expect((await loadLineEditor(t.db, lineId))?.variants).toHaveLength(2);
    const removed = await post({ ...form, confirmed: "yes" }, lineId);
    expect(removed.status).toBe(302);
    expect((await loadLineEditor(t.db, lineId))?.variants.map((v) => v.id)).toEqual([second?.id]);
    // The page it was posted from is now out of date.
    const stale = await post({ ...form, confirmed: "yes" }, lineId);
    expect(stale).toMatchObject({ status: 409, reply: { message: LINE_EDITOR_MESSAGES.lineChangedSinceOpened } });
  });

  it("adds existing products to the table (not saved), or says which SKU it does not know", async () => {
    const unknown = await post({ ...LINE, intent: "add-existing", existing: "NOPE-1" });
    expect(unknown).toMatchObject({
      status: 400,
      reply: { fieldErrors: { existing: LINE_EDITOR_MESSAGES.existingUnknown("NOPE-1") } },
    });
    const found = await post({ ...LINE, intent: "add-existing", existing: "held-1" });
    expect(found.status).toBe(200);
    expect(found.reply?.message).toBe(LINE_EDITOR_MESSAGES.productsToAdd(1));
    expect(found.reply?.data).toMatchObject({ adding: [{ sku: "HELD-1", upc: "96385074" }] });
  });

  it("answers 404 for an address that names no line", async () => {
    await expect(post({ ...LINE }, 999_999)).rejects.toMatchObject({
      data: LINE_EDITOR_MESSAGES.lineNotFound,
      init: { status: 404 },
    });
  });
});
