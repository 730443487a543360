import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as MESSAGES from "~/lib/messages";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import * as FORM_MESSAGES from "~/lib/messages/forms";
import * as SELLING_MESSAGES from "~/lib/messages/selling";
import { MAX_LIST_LINES, MAX_LISTS } from "~/lib/saved-lists";
import { priceGroupSchema } from "~/lib/schemas/price-groups";
import { listNameSchema, listTargetSchema } from "~/lib/schemas/saved-lists";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { addAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { ensureAccount } from "../accounts/admins";
import { findUserByEmail } from "../accounts/users";
import type { Viewer } from "../accounts/viewer";
import { insertProduct } from "../catalog/product-writes";
import { handleListAction, handleListsAction, type ListToCartData, type SavedToListData } from "../flows/list-actions";
import { placeOrder } from "../flows/place-order";
import { checkListForCart, findListView } from "../flows/saved-list-check";
import { assignCustomer, createPriceGroup } from "../pricing/groups";
import { replaceTiers } from "../pricing/tiers";
import {
  createList,
  deleteList,
  hasList,
  listChoices,
  listSavedLists,
  listsHoldingProduct,
  removeFromList,
  renameList,
  SavedListError,
  saveToList,
  setListQuantity,
} from "./saved-lists";

let t: TestDatabase;
const db = () => t.db;

async function account(email: string): Promise<string> {
  await ensureAccount(t.db, { email, name: email.split("@")[0] ?? "x", role: "customer" });
  return (await findUserByEmail(t.db, email))?.id ?? "";
}

function viewerOf(id: string, email: string, approved = true): Viewer {
  return {
    id,
    name: email,
    email,
    username: null,
    role: "customer",
    emailVerified: true,
    approved,
    accountId: id,
    memberRole: "owner",
    orderLimitCents: null,
    actingFor: null,
  };
}

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

/** What a handler answered: a FormReply with its status, or the status of what it threw. */
async function answer<D = unknown>(
  run: () => Promise<unknown>,
): Promise<{ status: number; ok?: boolean; message?: string; data?: D; fieldErrors?: Record<string, string> }> {
  try {
    const result = (await run()) as { data?: unknown; init?: ResponseInit | null } | Response;
    if (result instanceof Response) return { status: result.status };
    const reply = result.data as { ok: boolean; message?: string; data?: D; fieldErrors?: Record<string, string> };
    return { status: result.init?.status ?? 200, ...reply };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    const t2 = thrown as { init?: ResponseInit | null };
    if (t2?.init?.status) return { status: t2.init.status };
    throw thrown;
  }
}

let ann: string;
let bob: string;
let wait: string;
let soda: number;
let gum: number;
let chips: number;

beforeAll(async () => {
  t = await setupTestDatabase();
  ann = await account("ann@shop.test");
  bob = await account("bob@shop.test");
  wait = await account("wait@shop.test");
  // Sold in cases of 10, at least 20 and at most 40 per order; a break at 40.
  soda = await insertProduct(
    db(),
    {
      sku: "SODA-10",
      name: "Soda Case",
      description: "",
      priceCents: 1000,
      stock: 500,
      category: "novelty",
      casePack: 10,
      minQuantity: 20,
      maxQuantity: 40,
    },
    [],
  );
  gum = await insertProduct(
    db(),
    { sku: "GUM-1", name: "Gum Box", description: "", priceCents: 399, stock: 3, category: "novelty" },
    [],
  );
  chips = await insertProduct(
    db(),
    { sku: "CHIPS-1", name: "Chips Bag", description: "", priceCents: 250, stock: 0, category: "novelty" },
    [],
  );
  await replaceTiers(db(), soda, [{ minQuantity: 40, priceCents: 900 }], TEST_ADMIN);
  // Ann pays 10% off list.
  const group = await createPriceGroup(
    db(),
    priceGroupSchema.parse({ name: "Volume", kind: "percent", percentOff: "10" }),
    TEST_ADMIN,
  );
  await assignCustomer(db(), group, "ann@shop.test", TEST_ADMIN);
});

afterAll(async () => {
  await t.cleanup();
});

describe(`saved lists on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("creates, lists, renames and deletes a customer's lists; names are unique per customer in any case", async () => {
    const weekly = await createList(db(), ann, "Weekly restock");
    expect(weekly.name).toBe("Weekly restock");
    await expect(createList(db(), ann, "weekly RESTOCK")).rejects.toThrow(
      ACCOUNT_MESSAGES.listNameTaken("weekly RESTOCK"),
    );
    // Beyond ASCII too: the same name twice is refused, never left to the unique index.
    const epicerie = await createList(db(), bob, "Épicerie du coin");
    await expect(createList(db(), bob, "Épicerie du coin")).rejects.toThrow(
      ACCOUNT_MESSAGES.listNameTaken("Épicerie du coin"),
    );
    await deleteList(db(), bob, epicerie.id);
    // Another customer may use the same name.
    const bobs = await createList(db(), bob, "Weekly restock");
    const monthly = await createList(db(), ann, "Monthly");
    expect((await listSavedLists(db(), ann)).map((l) => l.name).sort()).toEqual(["Monthly", "Weekly restock"]);
    expect((await listChoices(db(), ann)).map((l) => l.name)).toEqual(["Monthly", "Weekly restock"]);

    await expect(renameList(db(), ann, monthly.id, "weekly restock")).rejects.toThrow(
      ACCOUNT_MESSAGES.listNameTaken("weekly restock"),
    );
    expect(await renameList(db(), ann, monthly.id, "Month end")).toEqual({ id: monthly.id, name: "Month end" });
    // Renaming to its own name in another case is fine.
    expect(await renameList(db(), ann, monthly.id, "MONTH END")).toEqual({ id: monthly.id, name: "MONTH END" });
    expect(await deleteList(db(), ann, monthly.id)).toBe("MONTH END");
    expect(await hasList(db(), ann, monthly.id)).toBe(false);
    expect(await deleteList(db(), bob, bobs.id)).toBe("Weekly restock");
  });

  it("names are 1 to 60 characters on one line", () => {
    expect(listNameSchema.safeParse({ name: "  Weekly restock  " }).data?.name).toBe("Weekly restock");
    const empty = listNameSchema.safeParse({ name: "   " });
    expect(empty.error?.issues[0]?.message).toBe(FORM_MESSAGES.fieldRequired(ACCOUNT_MESSAGES.listNameLabel));
    expect(listNameSchema.safeParse({ name: "x".repeat(60) }).success).toBe(true);
    expect(listNameSchema.safeParse({ name: "x".repeat(61) }).error?.issues[0]?.message).toBe(
      FORM_MESSAGES.fieldTooLong(ACCOUNT_MESSAGES.listNameLabel, 60),
    );
    expect(listNameSchema.safeParse({ name: "two\nlines" }).error?.issues[0]?.message).toBe(
      FORM_MESSAGES.fieldOneLine(ACCOUNT_MESSAGES.listNameLabel),
    );
    expect(listTargetSchema.parse({ listId: "12" })).toEqual({ listId: 12 });
    expect(listTargetSchema.parse({ listId: "new", newName: " Fridays " })).toEqual({ newName: "Fridays" });
    expect(listTargetSchema.safeParse({ listId: "new", newName: "" }).error?.issues[0]?.path).toEqual(["newName"]);
    expect(listTargetSchema.safeParse({ listId: "abc" }).error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.chooseList);
  });

  it(`keeps at most ${MAX_LISTS} lists per customer`, async () => {
    const carl = await account("carl@shop.test");
    for (let i = 0; i < MAX_LISTS; i++) await createList(db(), carl, `List ${i}`);
    await expect(createList(db(), carl, "One more")).rejects.toThrow(ACCOUNT_MESSAGES.tooManyLists(MAX_LISTS));
    await expect(
      saveToList(db(), carl, { newName: "From the cart" }, [{ productId: gum, quantity: 1 }], "fit"),
    ).rejects.toThrow(ACCOUNT_MESSAGES.tooManyLists(MAX_LISTS));
    expect(await listSavedLists(db(), carl)).toHaveLength(MAX_LISTS);
  });

  it("adds a product in whole cases from its minimum; the same product again updates its quantity, not a second line", async () => {
    const list = await createList(db(), ann, "Cases");
    const target = { listId: list.id };
    await expect(saveToList(db(), ann, target, [{ productId: soda, quantity: 25 }], "exact")).rejects.toThrow(
      SELLING_MESSAGES.quantityNotPackMultiple("Soda Case", 10),
    );
    await expect(saveToList(db(), ann, target, [{ productId: soda, quantity: 10 }], "exact")).rejects.toThrow(
      SELLING_MESSAGES.quantityBelowMinimum("Soda Case", 20),
    );
    await expect(saveToList(db(), ann, target, [{ productId: soda, quantity: 50 }], "exact")).rejects.toThrow(
      SELLING_MESSAGES.quantityAboveMaximum("Soda Case", 40),
    );
    await expect(saveToList(db(), ann, target, [{ productId: soda, quantity: Number.NaN }], "exact")).rejects.toThrow(
      MESSAGES.quantityNotWhole,
    );
    const first = await saveToList(db(), ann, target, [{ productId: soda, quantity: 20 }], "exact");
    expect(first).toMatchObject({ added: 1, updated: 0, created: false });
    const again = await saveToList(db(), ann, target, [{ productId: soda, quantity: 30 }], "exact");
    expect(again).toMatchObject({ added: 0, updated: 1 });
    // A product out of stock may be kept in a list (the stock is checked when it goes to the cart).
    await saveToList(db(), ann, target, [{ productId: chips, quantity: 4 }], "exact");
    const view = await findListView(db(), { id: ann, accountId: ann }, list.id, true);
    expect(view?.lines.map((l) => [l.name, l.quantity])).toEqual([
      ["Chips Bag", 4],
      ["Soda Case", 30],
    ]);
    expect(await listsHoldingProduct(db(), ann, soda)).toContainEqual({ id: list.id, name: "Cases", quantity: 30 });

    // The steppers: whole cases within the minimum and maximum.
    await expect(setListQuantity(db(), ann, list.id, soda, 35)).rejects.toThrow(
      SELLING_MESSAGES.quantityNotPackMultiple("Soda Case", 10),
    );
    expect(await setListQuantity(db(), ann, list.id, soda, 40)).toBe("Soda Case");
    expect(await removeFromList(db(), ann, list.id, chips)).toBe("Chips Bag");
    expect(await removeFromList(db(), ann, list.id, chips)).toBeNull();
    expect(
      (await findListView(db(), { id: ann, accountId: ann }, list.id, true))?.lines.map((l) => l.quantity),
    ).toEqual([40]);
  });

  it("fits quantities carried over from a cart or a past order to how the product is sold now", async () => {
    const outcome = await saveToList(
      db(),
      ann,
      { newName: "From the cart" },
      [
        { productId: soda, quantity: 7 },
        { productId: gum, quantity: 2 },
        { productId: 999_999, quantity: 1 },
      ],
      "fit",
    );
    expect(outcome).toMatchObject({ created: true, added: 2, updated: 0, gone: 1 });
    expect(outcome?.quantities.get(soda)).toBe(20);
    const again = await saveToList(
      db(),
      ann,
      { listId: outcome?.list.id ?? 0 },
      [{ productId: soda, quantity: 35 }],
      "fit",
    );
    // 35 is 3.5 cases: the nearest whole number of cases is 4 (40, the maximum).
    expect(again?.quantities.get(soda)).toBe(40);
    expect(again).toMatchObject({ added: 0, updated: 1 });
    await expect(
      saveToList(db(), ann, { newName: "Nothing" }, [{ productId: 999_999, quantity: 1 }], "fit"),
    ).rejects.toThrow(ACCOUNT_MESSAGES.nothingToSave);
    expect((await listChoices(db(), ann)).map((l) => l.name)).not.toContain("Nothing");
  });

  it(`holds at most ${MAX_LIST_LINES} products per list, refusing the whole save past it`, async () => {
    const dana = await account("dana@shop.test");
    const ids: number[] = [];
    for (let i = 0; i <= MAX_LIST_LINES; i++) {
      ids.push(
        await insertProduct(
          db(),
          { sku: `BULK-${i}`, name: `Bulk ${i}`, description: "", priceCents: 100, stock: 10, category: "novelty" },
          [],
        ),
      );
    }
    const lines = ids.map((productId) => ({ productId, quantity: 1 }));
    await expect(saveToList(db(), dana, { newName: "Everything" }, lines, "fit")).rejects.toThrow(
      ACCOUNT_MESSAGES.savedListFull("Everything", MAX_LIST_LINES),
    );
    // Nothing was kept: not the list, not a line.
    expect(await listSavedLists(db(), dana)).toEqual([]);
    const full = await saveToList(db(), dana, { newName: "Everything" }, lines.slice(0, MAX_LIST_LINES), "fit");
    expect(full?.added).toBe(MAX_LIST_LINES);
    const target = { listId: full?.list.id ?? 0 };
    await expect(saveToList(db(), dana, target, lines.slice(MAX_LIST_LINES), "fit")).rejects.toThrow(SavedListError);
    // Updating a product already in a full list is fine.
    expect(await saveToList(db(), dana, target, [{ productId: ids[0] ?? 0, quantity: 5 }], "fit")).toMatchObject({
      added: 0,
      updated: 1,
    });
  });

  it("prices each line at the customer's own price (group and breaks) and says what the stock allows now", async () => {
    const list = await createList(db(), ann, "Priced");
    await saveToList(
      db(),
      ann,
      { listId: list.id },
      [
        { productId: soda, quantity: 40 },
        { productId: gum, quantity: 5 },
        { productId: chips, quantity: 2 },
      ],
      "fit",
    );
    const view = await findListView(db(), { id: ann, accountId: ann }, list.id, true);
    const byName = new Map(view?.lines.map((l) => [l.name, l.check]));
    // 40 reaches the break (9.00), then 10% off: 8.10.
    expect(byName.get("Soda Case")).toMatchObject({ status: "ok", quantity: 40, product: { priceCents: 810 } });
    // Only 3 in stock: 3 go to the cart, at 10% off 3.99.
    expect(byName.get("Gum Box")).toMatchObject({
      status: "capped",
      quantity: 3,
      product: { priceCents: 359, stock: 3 },
    });
    expect(byName.get("Chips Bag")).toMatchObject({ status: "out-of-stock", quantity: 0 });
    expect(await checkListForCart(db(), { id: ann, accountId: ann }, list.id)).toEqual(
      view?.lines.map((l) => l.check).sort((a, b) => (a?.id ?? 0) - (b?.id ?? 0)),
    );

    // Bob (no group) sees list prices in his own list; without prices (waiting account) no check at all.
    const bobs = await createList(db(), bob, "Bob's");
    await saveToList(db(), bob, { listId: bobs.id }, [{ productId: soda, quantity: 20 }], "fit");
    expect(
      (await findListView(db(), { id: bob, accountId: bob }, bobs.id, true))?.lines[0]?.check?.product?.priceCents,
    ).toBe(1000);
    const noPrices = await findListView(db(), { id: bob, accountId: bob }, bobs.id, false);
    expect(noPrices?.lines[0]).not.toHaveProperty("check");
    expect(JSON.stringify(noPrices)).not.toContain("priceCents");
  });

  it("answers another customer's list exactly like a missing one: nothing read, changed or added to a cart", async () => {
    const list = await createList(db(), ann, "Private");
    await saveToList(db(), ann, { listId: list.id }, [{ productId: soda, quantity: 20 }], "fit");
    expect(await findListView(db(), { id: bob, accountId: bob }, list.id, true)).toBeNull();
    expect(await checkListForCart(db(), { id: bob, accountId: bob }, list.id)).toBeNull();
    expect(await renameList(db(), bob, list.id, "Mine now")).toBeNull();
    expect(await setListQuantity(db(), bob, list.id, soda, 30)).toBeNull();
    // Even with a quantity the rule refuses: the owner check comes first.
    expect(await setListQuantity(db(), bob, list.id, soda, 35)).toBeNull();
    expect(await removeFromList(db(), bob, list.id, soda)).toBeNull();
    expect(await saveToList(db(), bob, { listId: list.id }, [{ productId: gum, quantity: 1 }], "fit")).toBeNull();
    expect(await deleteList(db(), bob, list.id)).toBeNull();

    const bobViewer = viewerOf(bob, "bob@shop.test");
    const posts: Record<string, string>[] = [
      { intent: "add-to-cart" },
      { intent: "rename", name: "Mine now" },
      { intent: "rename", name: "" },
      { intent: "quantity", productId: String(soda), quantity: "30" },
      { intent: "quantity", productId: String(soda), quantity: "35" },
      { intent: "remove", productId: String(soda) },
      { intent: "delete" },
      {},
    ];
    for (const fields of posts) {
      expect(
        (await answer(() => handleListAction(bobViewer, list.id, form(fields)))).status,
        JSON.stringify(fields),
      ).toBe(404);
    }
    const missing = await answer(() => handleListAction(bobViewer, 2_000_000, form({ intent: "add-to-cart" })));
    expect(missing.status).toBe(404);
    expect(
      (
        await answer(() =>
          handleListsAction(
            bobViewer,
            form({ intent: "add-product", productId: String(gum), listId: String(list.id) }),
          ),
        )
      ).status,
    ).toBe(404);

    // Nothing of Ann's list changed.
    const view = await findListView(db(), { id: ann, accountId: ann }, list.id, true);
    expect(view?.name).toBe("Private");
    expect(view?.lines.map((l) => [l.name, l.quantity])).toEqual([["Soda Case", 20]]);

    // Ann herself gets the lines checked for her cart, at her prices.
    const annViewer = viewerOf(ann, "ann@shop.test");
    const own = await answer<ListToCartData>(() =>
      handleListAction(annViewer, list.id, form({ intent: "add-to-cart" })),
    );
    expect(own.status).toBe(200);
    expect(own.data?.lines).toMatchObject([{ id: soda, quantity: 20, status: "ok", product: { priceCents: 900 } }]);
    // An account that cannot order yet keeps its lists but cannot add them to a cart.
    const waitList = await createList(db(), wait, "Waiting");
    await saveToList(db(), wait, { listId: waitList.id }, [{ productId: gum, quantity: 1 }], "fit");
    const refused = await answer(() =>
      handleListAction(viewerOf(wait, "wait@shop.test", false), waitList.id, form({ intent: "add-to-cart" })),
    );
    expect(refused).toMatchObject({ status: 403, message: ACCOUNT_MESSAGES.accountCannotOrderYet });
  });

  it("saves a past order (the customer's own only) and the cart as a list", async () => {
    const addressId = await addAddress(db(), ann, { businessName: "Ann's Store" });
    const { order } = await placeOrder(db(), {
      userId: ann,
      idempotencyKey: crypto.randomUUID(),
      addressId,
      lines: [
        { id: soda, quantity: 30 },
        { id: gum, quantity: 1 },
      ],
    });
    const annViewer = viewerOf(ann, "ann@shop.test");
    const saved = await answer<SavedToListData>(() =>
      handleListsAction(
        annViewer,
        form({ intent: "save-order", orderId: String(order.id), listId: "new", newName: "Order copy" }),
      ),
    );
    expect(saved).toMatchObject({
      status: 200,
      ok: true,
      message: ACCOUNT_MESSAGES.savedToList("Order copy", 2, 0, 0),
    });
    const view = await findListView(db(), { id: ann, accountId: ann }, saved.data?.listId ?? 0, true);
    expect(view?.lines.map((l) => [l.name, l.quantity])).toEqual([
      ["Gum Box", 1],
      ["Soda Case", 30],
    ]);
    // Bob cannot copy Ann's order.
    const bobs = await answer(() =>
      handleListsAction(
        viewerOf(bob, "bob@shop.test"),
        form({ intent: "save-order", orderId: String(order.id), listId: "new", newName: "Stolen" }),
      ),
    );
    expect(bobs.status).toBe(404);
    expect((await listChoices(db(), bob)).map((l) => l.name)).not.toContain("Stolen");

    const cart = await answer<SavedToListData>(() =>
      handleListsAction(
        annViewer,
        form({
          intent: "save-cart",
          listId: String(saved.data?.listId),
          lines: JSON.stringify([
            { id: soda, quantity: 40 },
            { id: chips, quantity: 3 },
          ]),
        }),
      ),
    );
    expect(cart).toMatchObject({ ok: true, message: ACCOUNT_MESSAGES.savedToList("Order copy", 1, 1, 0) });
    // A duplicate name is said next to the name field.
    const duplicate = await answer(() =>
      handleListsAction(
        annViewer,
        form({
          intent: "save-cart",
          listId: "new",
          newName: "order COPY",
          lines: JSON.stringify([{ id: gum, quantity: 1 }]),
        }),
      ),
    );
    expect(duplicate).toMatchObject({
      status: 400,
      fieldErrors: { newName: ACCOUNT_MESSAGES.listNameTaken("order COPY") },
    });
  });
});
