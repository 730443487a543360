import { type Kysely, sql, type Transaction } from "kysely";
import * as ACCOUNT_MESSAGES from "~/lib/messages/account";
import { quantityProblem, sellingUnitOf } from "~/lib/quantity";
import { fitListQuantity, type ListChoice, MAX_LIST_LINES, MAX_LISTS } from "~/lib/saved-lists";
import type { ListTarget } from "~/lib/schemas/saved-lists";
import { listProductsByIds } from "../catalog/products";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { DomainError } from "../runtime/domain-error";

/**
 * Saved lists (issue 16): a customer's named lists of products with a quantity each ("Weekly
 * restock"), filled from a product page, the cart or a past order, and added to the cart in one
 * tap at today's prices and stock (the cart check).
 *
 * Every read and write names the customer: a list id of someone else's finds nothing, exactly
 * like an id that does not exist (the routes answer 404). Changes that count (lists per
 * customer, products per list) run in one transaction that first locks the customer's row on
 * PostgreSQL (SQLite transactions take the write lock at once), so two requests at the same
 * moment cannot both squeeze past a limit.
 */
type Db = Kysely<DB> | Transaction<DB>;

/** A problem the customer can fix, in their words; `field` names the form field it belongs to. */
export class SavedListError extends DomainError {
  declare readonly field: "newName" | "name" | "listId" | "quantity" | "form";
  constructor(message: string, field: "newName" | "name" | "listId" | "quantity" | "form" = "form") {
    super(message, { field });
  }
}

export interface ListSummary {
  id: number;
  name: string;
  lineCount: number;
  updatedAt: string;
}

/** The customer's lists, most recently changed first, with how many products each holds. */
export async function listSavedLists(db: Db, userId: string): Promise<ListSummary[]> {
  const rows = await db
    .selectFrom("saved_lists")
    .leftJoin("saved_list_items", "saved_list_items.list_id", "saved_lists.id")
    .select((eb) => [
      "saved_lists.id",
      "saved_lists.name",
      "saved_lists.updated_at",
      eb.fn.count<number>("saved_list_items.product_id").as("lines"),
    ])
    .where("saved_lists.user_id", "=", userId)
    .groupBy(["saved_lists.id", "saved_lists.name", "saved_lists.updated_at"])
    .orderBy("saved_lists.updated_at", "desc")
    .orderBy("saved_lists.id", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, lineCount: Number(r.lines), updatedAt: r.updated_at }));
}

/** The customer's lists for a picker, the one changed last first (what a save most likely goes to). */
export async function listChoices(db: Db, userId: string): Promise<ListChoice[]> {
  const rows = await db
    .selectFrom("saved_lists")
    .select(["id", "name"])
    .where("user_id", "=", userId)
    .orderBy("updated_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name }));
}

/** Each of the customer's lists, and how many of `productId` it holds (null: not in it). */
export async function listsHoldingProduct(
  db: Db,
  userId: string,
  productId: number,
): Promise<(ListChoice & { quantity: number | null })[]> {
  const rows = await db
    .selectFrom("saved_lists")
    .leftJoin("saved_list_items", (join) =>
      join.onRef("saved_list_items.list_id", "=", "saved_lists.id").on("saved_list_items.product_id", "=", productId),
    )
    .select(["saved_lists.id", "saved_lists.name", "saved_list_items.quantity"])
    .where("saved_lists.user_id", "=", userId)
    .orderBy("saved_lists.name")
    .orderBy("saved_lists.id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, quantity: r.quantity ?? null }));
}

/** Whether the customer has this list (the owner check of the list's routes). */
export async function hasList(db: Db, userId: string, listId: number): Promise<boolean> {
  return (await ownList(db, userId, listId)) !== null;
}

export async function ownList(db: Db, userId: string, listId: number): Promise<ListChoice | null> {
  const row = await db
    .selectFrom("saved_lists")
    .select(["id", "name"])
    .where("id", "=", listId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Runs `work` in a transaction holding the customer's lock (PostgreSQL: their users row). */
async function asCustomer<T>(db: Kysely<DB>, userId: string, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialectOf(db) === "postgres") {
      await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().executeTakeFirst();
    }
    return work(trx);
  });
}

/**
 * Whether the customer has another list of this name, in any case. The database folds both sides
 * (SQLite's lower() folds ASCII only), so a name equal to a stored one always matches: the unique
 * index never has to refuse an insert.
 */
async function nameTaken(db: Db, userId: string, name: string, exceptId: number | null): Promise<boolean> {
  let query = db
    .selectFrom("saved_lists")
    .select("id")
    .where("user_id", "=", userId)
    .where(sql<string>`lower(name)`, "=", sql<string>`lower(${name})`);
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  return !!(await query.executeTakeFirst());
}

async function insertList(trx: Transaction<DB>, userId: string, name: string, field: "name" | "newName") {
  const count = await trx
    .selectFrom("saved_lists")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_LISTS) throw new SavedListError(ACCOUNT_MESSAGES.tooManyLists(MAX_LISTS), field);
  if (await nameTaken(trx, userId, name, null)) throw new SavedListError(ACCOUNT_MESSAGES.listNameTaken(name), field);
  const now = sqlNow(dialectOf(trx));
  const row = await trx
    .insertInto("saved_lists")
    .values({ user_id: userId, name, created_at: now, updated_at: now })
    .returning(["id", "name"])
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name };
}

/** A new, empty list. Refused past MAX_LISTS and for a name the customer already uses (any case). */
export async function createList(db: Kysely<DB>, userId: string, name: string): Promise<ListChoice> {
  return asCustomer(db, userId, (trx) => insertList(trx, userId, name, "name"));
}

/** Renames the customer's list; null when they have no such list. */
export async function renameList(
  db: Kysely<DB>,
  userId: string,
  listId: number,
  name: string,
): Promise<ListChoice | null> {
  return asCustomer(db, userId, async (trx) => {
    const list = await ownList(trx, userId, listId);
    if (!list) return null;
    if (await nameTaken(trx, userId, name, listId))
      throw new SavedListError(ACCOUNT_MESSAGES.listNameTaken(name), "name");
    await trx
      .updateTable("saved_lists")
      .set({ name, updated_at: sqlNow(dialectOf(trx)) })
      .where("id", "=", listId)
      .where("user_id", "=", userId)
      .execute();
    return { id: listId, name };
  });
}

/** Deletes the customer's list and its lines; returns its name, or null when they have no such list. */
export async function deleteList(db: Kysely<DB>, userId: string, listId: number): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const list = await ownList(trx, userId, listId);
    if (!list) return null;
    await trx.deleteFrom("saved_list_items").where("list_id", "=", listId).execute();
    await trx.deleteFrom("saved_lists").where("id", "=", listId).where("user_id", "=", userId).execute();
    return list.name;
  });
}

export interface ListLineInput {
  productId: number;
  quantity: number;
}

export interface SaveOutcome {
  list: ListChoice;
  /** Whether the list was made by this save. */
  created: boolean;
  added: number;
  updated: number;
  /** Lines whose product no longer exists. */
  gone: number;
  /** The quantity each product now has in the list. */
  quantities: Map<number, number>;
}

/**
 * Puts products in a list (an existing one of the customer's, or a new one named in `target`).
 * A product already in the list gets the new quantity; nothing makes a second line.
 *
 * - `exact` (a quantity the customer typed, on the product page): a quantity the product's selling
 *   unit refuses (not whole cases, below the minimum, above the maximum) is refused with the rule's
 *   own message.
 * - `fit` (quantities carried over from the cart or a past order): each is fitted to how the
 *   product is sold now (lib/saved-lists.ts), since the admin may have changed the case pack.
 *
 * The whole save is refused when it would take the list past MAX_LIST_LINES products. Returns null
 * when `target` names a list the customer does not have.
 */
export async function saveToList(
  db: Kysely<DB>,
  userId: string,
  target: ListTarget,
  lines: ListLineInput[],
  mode: "exact" | "fit",
): Promise<SaveOutcome | null> {
  // One line per product: the last quantity given wins.
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.productId, l.quantity);
  const products = new Map((await listProductsByIds(db, [...wanted.keys()])).map((p) => [p.id, p]));
  const gone = [...wanted.keys()].filter((id) => !products.has(id)).length;
  const quantities = new Map<number, number>();
  for (const [id, quantity] of wanted) {
    const p = products.get(id);
    if (!p) continue;
    const unit = sellingUnitOf(p);
    if (mode === "exact") {
      const problem = quantityProblem(p.name, quantity, unit);
      if (problem) throw new SavedListError(problem, "quantity");
      quantities.set(id, quantity);
    } else {
      quantities.set(id, fitListQuantity(quantity, unit));
    }
  }
  if (quantities.size === 0) throw new SavedListError(ACCOUNT_MESSAGES.nothingToSave);

  return asCustomer(db, userId, async (trx) => {
    let list: ListChoice | null;
    let created = false;
    if ("newName" in target) {
      list = await insertList(trx, userId, target.newName, "newName");
      created = true;
    } else {
      list = await ownList(trx, userId, target.listId);
      if (!list) return null;
    }
    const ids = [...quantities.keys()];
    const present = new Set(
      (
        await trx
          .selectFrom("saved_list_items")
          .select("product_id")
          .where("list_id", "=", list.id)
          .where("product_id", "in", ids)
          .execute()
      ).map((r) => r.product_id),
    );
    const count = await trx
      .selectFrom("saved_list_items")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("list_id", "=", list.id)
      .executeTakeFirstOrThrow();
    const added = ids.filter((id) => !present.has(id)).length;
    if (Number(count.n) + added > MAX_LIST_LINES) {
      throw new SavedListError(
        ACCOUNT_MESSAGES.savedListFull(list.name, MAX_LIST_LINES),
        created ? "newName" : "listId",
      );
    }
    const now = sqlNow(dialectOf(trx));
    await trx
      .insertInto("saved_list_items")
      .values(ids.map((id) => ({ list_id: list.id, product_id: id, quantity: quantities.get(id) ?? 1, added_at: now })))
      .onConflict((oc) =>
        oc.columns(["list_id", "product_id"]).doUpdateSet((eb) => ({ quantity: eb.ref("excluded.quantity") })),
      )
      .execute();
    await trx.updateTable("saved_lists").set({ updated_at: now }).where("id", "=", list.id).execute();
    return { list, created, added, updated: ids.length - added, gone, quantities };
  });
}

/**
 * Sets one line's quantity (the list page's steppers); the selling unit's rule applies without the
 * stock. Returns the product's name, or null when the customer has no such list or line.
 */
export async function setListQuantity(
  db: Kysely<DB>,
  userId: string,
  listId: number,
  productId: number,
  quantity: number,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    // The owner first: someone else's list answers the same whatever the quantity.
    if (!(await ownList(trx, userId, listId))) return null;
    const [product] = await listProductsByIds(trx, [productId]);
    if (!product) return null;
    const problem = quantityProblem(product.name, quantity, sellingUnitOf(product));
    if (problem) throw new SavedListError(problem, "quantity");
    const result = await trx
      .updateTable("saved_list_items")
      .set({ quantity })
      .where("list_id", "=", listId)
      .where("product_id", "=", productId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return null;
    await trx
      .updateTable("saved_lists")
      .set({ updated_at: sqlNow(dialectOf(trx)) })
      .where("id", "=", listId)
      .execute();
    return product.name;
  });
}

/** Takes a product out of the customer's list; returns its name, or null when there was no such line. */
export async function removeFromList(
  db: Kysely<DB>,
  userId: string,
  listId: number,
  productId: number,
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await ownList(trx, userId, listId))) return null;
    const row = await trx
      .selectFrom("saved_list_items")
      .innerJoin("products", "products.id", "saved_list_items.product_id")
      .select("products.name")
      .where("saved_list_items.list_id", "=", listId)
      .where("saved_list_items.product_id", "=", productId)
      .executeTakeFirst();
    if (!row) return null;
    await trx
      .deleteFrom("saved_list_items")
      .where("list_id", "=", listId)
      .where("product_id", "=", productId)
      .execute();
    await trx
      .updateTable("saved_lists")
      .set({ updated_at: sqlNow(dialectOf(trx)) })
      .where("id", "=", listId)
      .execute();
    return row.name;
  });
}

/** The lines of a list, oldest first. */
export async function listItems(db: Db, listId: number) {
  return db
    .selectFrom("saved_list_items")
    .select(["product_id", "quantity"])
    .where("list_id", "=", listId)
    .orderBy("added_at")
    .orderBy("product_id")
    .execute();
}
