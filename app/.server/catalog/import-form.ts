import type { FormReply } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import { MB } from "~/lib/route-policy";
import type { Actor } from "../audit/log";
import { getDb } from "../db/instance";
import { replyError, replyOk } from "../forms";
import { log } from "../log";
import {
  applyImport,
  applyRowLimit,
  type ImportPlan,
  ImportTooLargeError,
  MAX_IMPORT_BYTES,
  type ProgressCallback,
  planImport,
  readProductsCsv,
} from "./csv";

/**
 * The catalog import's two posts (issue 17), shared by the page's action (a dry run, or an Apply
 * posted without JavaScript) and /admin/import/apply (an Apply that streams its progress).
 * Each answers in the one form contract with what the page shows of the plan.
 */

/** How many entries of each list the page shows (the counts are always whole). */
const SHOWN = 200;

export interface ImportView {
  fileName: string;
  digest: string;
  counts: { added: number; changed: number; deleted: number; unchanged: number; refused: number };
  added: ImportPlan["added"];
  changed: ImportPlan["changed"];
  deleted: ImportPlan["deleted"];
  refused: ImportPlan["refused"];
  applied: boolean;
  /** The most rows one Apply writes on this database (null: only the file's limit). */
  writeLimit: number | null;
}

function view(plan: ImportPlan, fileName: string, applied: boolean): ImportView {
  return {
    fileName,
    writeLimit: applyRowLimit(getDb()),
    digest: plan.digest,
    counts: {
      added: plan.added.length,
      changed: plan.changed.length,
      deleted: plan.deleted.length,
      unchanged: plan.unchanged,
      refused: plan.refused.length,
    },
    added: plan.added.slice(0, SHOWN),
    changed: plan.changed.slice(0, SHOWN),
    deleted: plan.deleted.slice(0, SHOWN),
    refused: plan.refused.slice(0, SHOWN),
    applied,
  };
}

type Read = Extract<ReturnType<typeof readProductsCsv>, { ok: true }>;

/** The posted file, read as a product CSV, or the answer that refuses it. */
async function readPostedFile(form: FormData) {
  const file = form.get("file");
  if (!file || typeof file === "string" || file.size === 0)
    return { answer: replyError({ message: BACK_OFFICE_MESSAGES.importChooseFile }) };
  if (file.size > MAX_IMPORT_BYTES)
    return { answer: replyError({ message: MESSAGES.importTooLarge(MAX_IMPORT_BYTES / MB) }, { status: 413 }) };
  const read = readProductsCsv(new Uint8Array(await file.arrayBuffer()));
  if (!read.ok) return { answer: replyError({ message: read.error }, { status: 422 }) };
  return { read: read as Read, fileName: file.name.slice(0, 200) };
}

/** A dry run: what the posted file would add, change, delete and refuse. Nothing is written. */
export async function dryRunImport(form: FormData) {
  const posted = await readPostedFile(form);
  if (!posted.read) return posted.answer;
  return replyOk<ImportView>(undefined, view(await planImport(getDb(), posted.read), posted.fileName, false));
}

/** An Apply's post, read and checked: what `applyPosted` writes. */
export interface PostedApply {
  read: Read;
  fileName: string;
  digest: string;
}

/** Reads an Apply's post (the file and the digest of its dry run), or the answer that refuses it. */
export async function readApplyForm(form: FormData) {
  const posted = await readPostedFile(form);
  if (!posted.read) return { answer: posted.answer };
  const digest = form.get("digest");
  if (typeof digest !== "string" || !/^[a-f0-9]{64}$/.test(digest))
    return { answer: replyError({ message: BACK_OFFICE_MESSAGES.importChooseFile }) };
  return { posted: { read: posted.read, fileName: posted.fileName, digest } satisfies PostedApply };
}

/**
 * Applies a posted file in one transaction if it still does what the dry run of its digest showed;
 * otherwise (or if another write comes between) nothing is written and the answer holds the new
 * dry run. `onProgress` hears how many rows are written as they are.
 */
export async function applyPosted(
  { read, fileName, digest }: PostedApply,
  actor: Actor,
  onProgress?: ProgressCallback,
) {
  const db = getDb();
  try {
    const { plan, applied } = await applyImport(db, read, digest, actor, { onProgress });
    if (!applied)
      return replyError<ImportView>(
        { message: MESSAGES.importCatalogChanged },
        { status: 409, data: view(plan, fileName, false) },
      );
    return replyOk<ImportView>(
      BACK_OFFICE_MESSAGES.importApplied({
        added: plan.added.length,
        changed: plan.changed.length,
        deleted: plan.deleted.length,
      }),
      view(plan, fileName, true),
    );
  } catch (error) {
    if (error instanceof ImportTooLargeError) {
      return replyError<ImportView>(
        { message: error.message },
        { status: 422, data: view(error.plan, fileName, false) },
      );
    }
    // Another write came between the dry run and Apply (a SKU added, a product edited): nothing was kept.
    log.warn({ err: error }, "catalog import failed; rolled back");
    return replyError<ImportView>(
      { message: MESSAGES.importCatalogChanged },
      { status: 409, data: view(await planImport(db, read), fileName, false) },
    );
  }
}

/** An Apply posted without JavaScript: read, then written, answered once it is done. */
export async function applyImportForm(form: FormData, actor: Actor) {
  const { posted, answer } = await readApplyForm(form);
  return posted ? applyPosted(posted, actor) : answer;
}

/** One line of the streamed Apply: how far it has got, or its answer (the last line). */
export type ImportApplyLine =
  | { progress: { done: number; total: number } }
  | { status: number; reply: FormReply<ImportView> };

/** Progress lines sent at most: one per hundredth of the rows (and the first and the last). */
const STEPS = 100;

/**
 * The body of a streamed Apply: `run` is the apply, given a callback for its progress; the stream
 * carries a line per hundredth of the rows written, then the answer `run` gave (or, if it threw,
 * a 500 saying nothing was changed: the transaction did not commit). If the reader goes away the
 * apply still runs to its end, unheard.
 */
export function applyStream(
  run: (onProgress: ProgressCallback) => Promise<{ data: FormReply<unknown>; init: ResponseInit | null }>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let open = true;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: ImportApplyLine) => {
        if (open) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      };
      let sent = -1;
      try {
        const answer = await run((done, total) => {
          if (done === 0 || done === total || done - sent >= Math.max(1, total / STEPS)) {
            sent = done;
            send({ progress: { done, total } });
          }
        });
        send({ status: answer.init?.status ?? 200, reply: answer.data as FormReply<ImportView> });
      } catch (error) {
        log.error({ err: error }, "catalog import apply failed");
        send({ status: 500, reply: { ok: false, message: BACK_OFFICE_MESSAGES.importApplyFailed } });
      }
      if (open) controller.close();
    },
    cancel() {
      open = false;
    },
  });
}
