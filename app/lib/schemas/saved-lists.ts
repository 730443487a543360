import { z } from "zod";
import * as MESSAGES from "../messages";
import * as ACCOUNT_MESSAGES from "../messages/account";
import { LIST_NAME_MAX, NEW_LIST } from "../saved-lists";
import { cartLinesField } from "./checkout";
import { idOrNull, idParam } from "./params";
import { text } from "./text";

/** A list's name: one line, 1 to 60 characters once trimmed. */
export const listNameField = text(ACCOUNT_MESSAGES.listNameLabel, LIST_NAME_MAX);

/** The name of a list, as the create and rename forms post it. */
export const listNameSchema = z.object({ name: listNameField });

/**
 * Where the products go (the list picker): an existing list by id, or a new list named `newName`.
 * The owner of an existing list is checked by the query that uses it.
 */
export type ListTarget = { listId: number } | { newName: string };

/** Reads the list picker's two fields into where the products go; a problem is said beside its field. */
function readTarget(
  v: { listId?: string | undefined; newName?: string | undefined },
  ctx: z.RefinementCtx,
): ListTarget {
  const chosen = (v.listId ?? NEW_LIST).trim();
  if (chosen === NEW_LIST) {
    const name = listNameField.safeParse(v.newName ?? "");
    if (!name.success) {
      ctx.addIssue({ code: "custom", path: ["newName"], message: name.error.issues[0]?.message ?? "" });
      return z.NEVER;
    }
    return { newName: name.data };
  }
  const id = idParam(chosen);
  if (id === null) {
    ctx.addIssue({ code: "custom", path: ["listId"], message: ACCOUNT_MESSAGES.chooseList });
    return z.NEVER;
  }
  return { listId: id };
}

const targetFields = { listId: z.string().optional(), newName: z.string().optional() };

export const listTargetSchema = z.object(targetFields).transform(readTarget);

/**
 * The posts to /account/lists: a new list, or products put in one from elsewhere (a product page,
 * the cart, a past order) through the list picker. `redirectTo` is the page a form posted before
 * its JavaScript ran came from.
 */
export const listsActionSchema = z
  .discriminatedUnion(
    "intent",
    [
      listNameSchema.extend({ intent: z.literal("create") }),
      z.object({
        intent: z.literal("add-product"),
        ...targetFields,
        productId: idOrNull,
        quantity: z.string().optional(),
      }),
      z.object({ intent: z.literal("save-cart"), ...targetFields, lines: cartLinesField }),
      z.object({ intent: z.literal("save-order"), ...targetFields, orderId: idOrNull }),
    ],
    { error: MESSAGES.chooseAction },
  )
  .transform((v, ctx) => (v.intent === "create" ? v : { ...v, target: readTarget(v, ctx) }));

/** A list's quantity as its stepper posts it: a whole number, else not one (the quantity's problem is said). */
const listQuantity = z
  .unknown()
  .transform((v) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN));

/** The posts to /account/lists/:id: a line's quantity or removal, a new name, delete, Add all to cart. */
export const listActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("quantity"), productId: idOrNull, quantity: listQuantity }),
    z.object({ intent: z.literal("remove"), productId: idOrNull }),
    listNameSchema.extend({ intent: z.literal("rename") }),
    z.object({ intent: z.literal("delete") }),
    z.object({ intent: z.literal("add-to-cart") }),
  ],
  { error: MESSAGES.chooseAction },
);
