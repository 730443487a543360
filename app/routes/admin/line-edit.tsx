import { useState } from "react";
import { data } from "react-router";
import { findLineVersion } from "~/.server/catalog/line-variants";
import { getDb } from "~/.server/db/instance";
import {
  findProductsToAdd,
  LineChangedError,
  LineGoneError,
  LineRowsError,
  loadLineEditor,
  saveLine,
  variantLike,
} from "~/.server/flows/line-admin";
import { isConfirmed } from "~/.server/http/confirmation";
import { formAction } from "~/.server/http/form-action";
import { replyError } from "~/.server/http/forms";
import { redirectWithToast } from "~/.server/http/toast";
import { actorOf, formOf } from "~/.server/request/context";
import { LineEditor, type LineEditorReply } from "~/components/admin/line-editor";
import { ConfirmPanel } from "~/components/confirm-panel";
import { useSettledActionData } from "~/components/use-settled-action-data";
import { CONFIRMED, type ConfirmStep, confirmStepOf } from "~/lib/confirmation";
import { intentOf, revalidateAfterConflict } from "~/lib/form-reply";
import * as LINE_EDITOR_MESSAGES from "~/lib/messages/line-editor";
import type { RouteHandle } from "~/lib/route-policy";
import { idParam } from "~/lib/schemas/params";
import {
  addExistingSchema,
  lineFormFieldNames,
  lineSchema,
  MAX_EDITOR_VARIANTS,
  VARIANT_COLUMNS,
  variantField,
} from "~/lib/schemas/product-line";
import type { Route } from "./+types/line-edit";

/**
 * The back office's product line editor (issue 38): /admin/lines/new and /admin/lines/:lineId. The
 * line and its variants in one form, saved in one transaction (flows/line-admin.ts).
 */

/** Every row's fields, for as many variants as one save takes. */
export const handle: RouteHandle = { maxFields: MAX_EDITOR_VARIANTS * VARIANT_COLUMNS.length + 50 };

/** A save refused because the page was out of date reloads the line (issue 26). */
export const shouldRevalidate = revalidateAfterConflict;

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.line
    ? LINE_EDITOR_MESSAGES.editLineTitle(loaderData.line.name)
    : LINE_EDITOR_MESSAGES.newLineTitle;
  return [{ title }, { name: "robots", content: "noindex" }];
}

/** The line of the address (null: a new line); a 404 for an address that names no line. */
function lineIdOf(params: { lineId?: string }): number | null {
  if (params.lineId === undefined) return null;
  const id = idParam(params.lineId);
  if (id === null) throw data(LINE_EDITOR_MESSAGES.lineNotFound, { status: 404 });
  return id;
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const db = getDb();
  const lineId = lineIdOf(params);
  const page = lineId === null ? null : await loadLineEditor(db, lineId);
  if (lineId !== null && !page) throw data(LINE_EDITOR_MESSAGES.lineNotFound, { status: 404 });
  // "Add a variant like this one": a new row like that product.
  const likeId = idParam(url.searchParams.get("like"));
  const like = likeId === null ? null : await variantLike(db, likeId);
  return { line: page?.line ?? null, variants: page?.variants ?? [], tiers: page?.tiers ?? [], like };
}

/** How many rows the table posted. */
function rowsPosted(form: FormData): number {
  let rows = 0;
  for (const key of form.keys()) {
    const m = /^variants\.(\d{1,4})\./.exec(key);
    if (m) rows = Math.max(rows, Number(m[1]) + 1);
  }
  return rows;
}

export async function action({ params, context }: Route.ActionArgs) {
  const db = getDb();
  const lineId = lineIdOf(params);
  const form = formOf(context);
  if (lineId !== null && (await findLineVersion(db, lineId)) === null)
    throw data(LINE_EDITOR_MESSAGES.lineNotFound, { status: 404 });
  const fields = lineFormFieldNames(rowsPosted(form));
  if (intentOf(form) === "add-existing") {
    return formAction(
      form,
      addExistingSchema,
      async (input) => {
        const adding = await findProductsToAdd(db, lineId, input);
        // Not saved: the rows join the table, for the admin to give their values and save.
        return replyError(
          { message: LINE_EDITOR_MESSAGES.productsToAdd(adding.length) },
          { form, status: 200, data: { adding } },
        );
      },
      { fields },
    );
  }
  return formAction(
    form,
    lineSchema,
    async (input) => {
      if (input.removed.length && !isConfirmed(form)) {
        // Removing variants deletes them: asked first (decision 0023), the same fields posted again.
        const question = LINE_EDITOR_MESSAGES.removeQuestion(input.removed.length);
        const again: Record<string, string> = {};
        for (const [name, value] of form.entries())
          if (typeof value === "string" && name !== CONFIRMED) again[name] = value;
        const detail = input.removed.map((r) => String(form.get(variantField(r.row, "label")) ?? "")).join(", ");
        return replyError<ConfirmStep>(
          { message: question },
          { form, status: 200, data: { confirm: { question, detail, fields: again, danger: true } } },
        );
      }
      try {
        const saved = await saveLine(db, lineId, input, actorOf(context));
        return redirectWithToast(`/admin/lines/${saved.lineId}`, {
          type: "success",
          message:
            lineId === null ? LINE_EDITOR_MESSAGES.lineCreated(saved.name) : LINE_EDITOR_MESSAGES.lineSaved(saved.name),
        });
      } catch (error) {
        if (error instanceof LineRowsError) {
          // Stock sold meanwhile: the row shows the stock as it is now, to correct again if needed.
          const shown = new FormData();
          for (const [name, value] of form.entries()) shown.append(name, value);
          for (const [field, stock] of Object.entries(error.stockNow)) {
            shown.set(field, String(stock));
            shown.set(field.replace(/\.stock$/, ".stockSeen"), String(stock));
          }
          return replyError(
            { message: LINE_EDITOR_MESSAGES.checkTheRows, fieldErrors: error.problems },
            { form: shown, status: error.status },
          );
        }
        // The page shows the line as it is now (it is read again), not what was posted.
        if (error instanceof LineChangedError || error instanceof LineGoneError)
          return replyError({ message: error.message }, { status: error.status });
        throw error;
      }
    },
    { fields },
  );
}

/** A key that changes with every answer the page gets, so the form starts again from it. */
function useAnswerKey(reply: unknown, version: number | null): string {
  const [seen, setSeen] = useState({ reply, version, count: 0 });
  if (reply !== undefined && reply !== seen.reply) setSeen({ reply, version, count: seen.count + 1 });
  else if (version !== seen.version) setSeen({ reply: undefined, version, count: seen.count + 1 });
  return `${version ?? "new"}-${seen.count}`;
}

export default function LineEdit({ loaderData }: Route.ComponentProps) {
  const reply = useSettledActionData<typeof action>();
  const { line, variants, tiers, like } = loaderData;
  const key = useAnswerKey(reply, line?.version ?? null);
  // The last answer stays while the next post is under way (the form keeps what it shows).
  const [last, setLast] = useState<{ key: string; reply: LineEditorReply | undefined }>({ key, reply });
  if (last.key !== key) setLast({ key, reply: (reply as LineEditorReply | undefined) ?? undefined });
  const step = confirmStepOf(last.reply);
  return (
    <section
      aria-labelledby="line-title"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div>
        <h2 id="line-title" className="text-xl font-bold text-slate-900">
          {line ? LINE_EDITOR_MESSAGES.editLineTitle(line.name) : LINE_EDITOR_MESSAGES.newLineTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{LINE_EDITOR_MESSAGES.lineIntro}</p>
      </div>
      {step ? <ConfirmPanel step={step} /> : null}
      <LineEditor key={key} line={line} variants={variants} tiers={tiers} like={like} reply={last.reply} />
    </section>
  );
}
