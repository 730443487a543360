import { z } from "zod";
import * as ACCOUNT_MESSAGES from "../messages/account";
import { LIST_NAME_MAX, NEW_LIST } from "../saved-lists";
import { idParam } from "./params";
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

export const listTargetSchema = z
  .object({
    listId: z.string().optional(),
    newName: z.string().optional(),
  })
  .transform((v, ctx): ListTarget => {
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
  });
