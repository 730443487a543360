import type { Kysely } from "kysely";
import type { z } from "zod";
import { storeToday } from "~/lib/business";
import type { BookRule } from "~/lib/rule-book/book";
import { idParam } from "~/lib/schemas/params";
import { ruleToggleSchema } from "~/lib/schemas/rule-book";
import type { Actor } from "../audit/log";
import type { DB } from "../db/schema";
import { formAction } from "../http/form-action";
import { replyError } from "../http/forms";
import { redirectWithToast } from "../http/toast";
import type { RuleStore } from "./store";

/**
 * The rule-book page's two forms (decision 0045), the same for every kind: Enable or Disable a
 * rule (intent "toggle"), and add or change one (intent "save", checked with the kind's schema).
 * Each answers with a redirect and a toast, or with the refusal beside the form that was sent.
 */
export interface RuleBookActions<R extends BookRule, S extends z.ZodType> {
  /** The page the answers lead back to. */
  path: string;
  schema: S;
  store: RuleStore<R, z.output<S>>;
  messages: {
    notFound: string;
    enabled: string;
    disabled: string;
    /** The toast after a save: `added` true for a new rule. */
    saved: (added: boolean) => string;
  };
}

/**
 * The page's data: every rule (a few dozen at most), the one being edited (`?edit=<id>`) and the
 * store's date (a new rule's first day).
 */
export async function ruleBookPageData<R extends BookRule>(
  db: Kysely<DB>,
  store: Pick<RuleStore<R, never>, "list">,
  url: URL,
) {
  const rules = await store.list(db);
  const editId = idParam(url.searchParams.get("edit"));
  const editing = editId ? (rules.find((r) => r.id === editId) ?? null) : null;
  return { rules, editing, today: storeToday() };
}

/** Whether a post is one of the rule-book's own forms (a page may have others: "test a sale"). */
export function isRuleBookIntent(intent: string): intent is "toggle" | "save" {
  return intent === "toggle" || intent === "save";
}

/**
 * Both forms go through the one form contract (formAction): the toggle's id and choice, the save's
 * fields with the kind's schema (problems beside their fields); a refusal of the store (a
 * RuleBookError: not found, a newer change, a contradiction) is said above the form.
 */
export async function ruleBookAction<R extends BookRule, S extends z.ZodType>(
  book: RuleBookActions<R, S>,
  { db, form, intent, actor }: { db: Kysely<DB>; form: FormData; intent: "toggle" | "save"; actor: Actor },
) {
  const data = { intent };
  if (intent === "toggle") {
    return formAction(
      form,
      ruleToggleSchema(book.messages.notFound),
      async ({ id, enabled }) => {
        await book.store.setEnabled(db, id, enabled, actor);
        return redirectWithToast(book.path, {
          type: "success",
          message: enabled ? book.messages.enabled : book.messages.disabled,
        });
      },
      { fields: [], data },
    );
  }
  return formAction(
    form,
    book.schema,
    async (input) => {
      const id = form.get("id") ? idParam(String(form.get("id"))) : null;
      if (id) {
        if (!(await book.store.find(db, id)))
          return replyError({ message: book.messages.notFound }, { status: 404, data });
        await book.store.update(db, id, input, String(form.get("updatedAt") ?? "") || null, actor);
      } else {
        await book.store.create(db, input, actor);
      }
      return redirectWithToast(book.path, { type: "success", message: book.messages.saved(!id) });
    },
    { data },
  );
}
