import type { Kysely } from "kysely";
import type { z } from "zod";
import { storeToday } from "~/lib/business";
import type { BookRule } from "~/lib/rule-book/book";
import { idParam } from "~/lib/schemas/params";
import type { Actor } from "../audit/log";
import type { DB } from "../db/schema";
import { parseForm, replyError } from "../http/forms";
import { domainErrorReply } from "../http/http";
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

export async function ruleBookAction<R extends BookRule, S extends z.ZodType>(
  book: RuleBookActions<R, S>,
  { db, form, intent, actor }: { db: Kysely<DB>; form: FormData; intent: "toggle" | "save"; actor: Actor },
) {
  if (intent === "toggle") {
    const id = idParam(String(form.get("id") ?? ""));
    if (!id) return replyError({ message: book.messages.notFound }, { status: 404, data: { intent } });
    const enable = form.get("enabled") === "1";
    try {
      await book.store.setEnabled(db, id, enable, actor);
    } catch (error) {
      return domainErrorReply(error, { fields: [], data: { intent } });
    }
    return redirectWithToast(book.path, {
      type: "success",
      message: enable ? book.messages.enabled : book.messages.disabled,
    });
  }
  const parsed = parseForm(form, book.schema);
  if (!parsed.ok) return replyError({ fieldErrors: parsed.errors }, { form, data: { intent } });
  const id = form.get("id") ? idParam(String(form.get("id"))) : null;
  try {
    if (id) {
      if (!(await book.store.find(db, id)))
        return replyError({ message: book.messages.notFound }, { status: 404, data: { intent } });
      await book.store.update(db, id, parsed.data, String(form.get("updatedAt") ?? "") || null, actor);
    } else {
      await book.store.create(db, parsed.data, actor);
    }
  } catch (error) {
    return domainErrorReply(error, { form, fields: [], data: { intent } });
  }
  return redirectWithToast(book.path, { type: "success", message: book.messages.saved(!id) });
}
