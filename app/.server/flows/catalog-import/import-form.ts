import type { FormReply } from "~/lib/form-reply";
import * as MESSAGES from "~/lib/messages";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";
import * as IMPORT_MESSAGES from "~/lib/messages/imports";
import { MB } from "~/lib/route-policy";
import { type ImportApplyInput, importApplySchema } from "~/lib/schemas/catalog-import";
import type { Actor } from "../../audit/log";
import { MAX_IMPORT_BYTES, readProductsCsv } from "../../catalog/csv/read";
import { getDb } from "../../db/instance";
import { formAction } from "../../http/form-action";
import { parseForm, replyError, replyOk } from "../../http/forms";
import { log } from "../../runtime/log";
import { applyImport, applyRowLimit, ImportTooLargeError, type ProgressCallback } from "./apply";
import { type ImportPlan, lineWrites, planImport, writesOf } from "./plan";
import { findStagedImport, removeStagedImport, stageImport } from "./staging";

/**
 * The catalog import's two posts (issue 17), shared by the page's action (a dry run, or an Apply
 * posted without JavaScript) and /admin/import/apply (an Apply that streams its progress).
 * Each answers in the one form contract with what the page shows of the plan. The file is
 * uploaded once (issue 27, decision 0030): its dry run stages it (staging.ts) and Apply posts the
 * staged id with the digest of the dry run it saw.
 */

/** How many entries of each list the page shows (the counts are always whole). */
const SHOWN = 200;

export interface ImportView {
  fileName: string;
  digest: string;
  counts: { added: number; changed: number; deleted: number; unchanged: number; refused: number; lines: number };
  /** The lines the file makes or changes (issue 38): each a new line, or what changes of it. */
  lines: { handle: string; name: string; isNew: boolean; changes: ImportPlan["changed"][number]["changes"] }[];
  added: ImportPlan["added"];
  changed: ImportPlan["changed"];
  deleted: ImportPlan["deleted"];
  refused: ImportPlan["refused"];
  applied: boolean;
  /** The most rows one Apply writes on this database (null: only the file's limit). */
  writeLimit: number | null;
  /** The staged file Apply posts (null: nothing to apply, or applied). */
  stagedId: string | null;
}

function view(plan: ImportPlan, fileName: string, applied: boolean, stagedId: string | null): ImportView {
  return {
    fileName,
    stagedId,
    writeLimit: applyRowLimit(getDb()),
    digest: plan.digest,
    counts: {
      added: plan.added.length,
      changed: plan.changed.length,
      deleted: plan.deleted.length,
      unchanged: plan.unchanged,
      refused: plan.refused.length,
      lines: lineWrites(plan),
    },
    lines: plan.lines
      .filter((l) => l.id === null || l.changes.length > 0)
      .slice(0, SHOWN)
      .map((l) => ({ handle: l.handle, name: l.name, isNew: l.id === null, changes: l.changes })),
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
    return { answer: replyError({ message: IMPORT_MESSAGES.importTooLarge(MAX_IMPORT_BYTES / MB) }, { status: 413 }) };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const read = readProductsCsv(bytes);
  if (!read.ok) return { answer: replyError({ message: read.error }, { status: 422 }) };
  return { read: read as Read, bytes, fileName: file.name.slice(0, 200) };
}

/** The admin an import belongs to: its dry run and Apply are a person's. */
function ownerOf(actor: Actor): string {
  if (!actor.id) throw new Error("a catalog import is made by a signed-in admin");
  return actor.id;
}

/**
 * A dry run: what the posted file would add, change, delete and refuse. Nothing is written to the
 * catalog; a file with something to apply (within the database's limit) is staged for its Apply.
 */
export async function dryRunImport(form: FormData, actor: Actor) {
  const posted = await readPostedFile(form);
  if (!posted.read) return posted.answer;
  const db = getDb();
  const plan = await planImport(db, posted.read);
  const writes = writesOf(plan);
  const limit = applyRowLimit(db);
  const stagedId =
    writes > 0 && (limit === null || writes <= limit)
      ? await stageImport(db, ownerOf(actor), posted.fileName, posted.bytes)
      : null;
  return replyOk<ImportView>(undefined, view(plan, posted.fileName, false, stagedId));
}

/** An Apply's post, read and checked: what `applyPosted` writes. */
export interface PostedApply {
  read: Read;
  fileName: string;
  digest: string;
  stagedId: string;
}

/**
 * The file staged under an Apply's id (read with its schema, importApplySchema), or the answer
 * that refuses it: 404 for an id this admin has not staged (another admin's, one already applied
 * or expired, one made up).
 */
export async function readStagedApply(input: ImportApplyInput, actor: Actor) {
  const staged = await findStagedImport(getDb(), input.staged, ownerOf(actor));
  if (!staged) return { answer: replyError({ message: BACK_OFFICE_MESSAGES.importStagedGone }, { status: 404 }) };
  const read = readProductsCsv(staged.bytes);
  if (!read.ok) return { answer: replyError({ message: read.error }, { status: 422 }) };
  return {
    posted: { read, fileName: staged.fileName, digest: input.digest, stagedId: staged.id } satisfies PostedApply,
  };
}

/**
 * Reads an Apply's post (the staged id and the digest of its dry run) and the file staged under
 * that id, or the answer that refuses it: 400 without a dry run, 404 as readStagedApply says.
 */
export async function readApplyForm(form: FormData, actor: Actor) {
  const parsed = parseForm(form, importApplySchema);
  if (!parsed.ok) return { answer: replyError({ message: BACK_OFFICE_MESSAGES.importChooseFile }) };
  return readStagedApply(parsed.data, actor);
}

/** An Apply posted without JavaScript, read with its schema: the staged file written, answered once it is done. */
export async function applyStaged(input: ImportApplyInput, actor: Actor) {
  const { posted, answer } = await readStagedApply(input, actor);
  return posted ? applyPosted(posted, actor) : answer;
}

/**
 * Applies a staged file in one transaction if it still does what the dry run of its digest showed;
 * otherwise (or if another write comes between) nothing is written and the answer holds the new
 * dry run, to apply with the same staged file. Once applied, the staged file goes. `onProgress`
 * hears how many rows are written as they are.
 */
export async function applyPosted(
  { read, fileName, digest, stagedId }: PostedApply,
  actor: Actor,
  onProgress?: ProgressCallback,
) {
  const db = getDb();
  try {
    const { plan, applied } = await applyImport(db, read, digest, actor, { onProgress });
    if (!applied)
      return replyError<ImportView>(
        { message: MESSAGES.importCatalogChanged },
        { status: 409, data: view(plan, fileName, false, stagedId) },
      );
    // Applied and committed: a staged file left behind would only expire.
    await removeStagedImport(db, stagedId).catch((error) =>
      log.warn({ err: error }, "catalog import: the applied file was not removed from staging"),
    );
    return replyOk<ImportView>(
      BACK_OFFICE_MESSAGES.importApplied({
        added: plan.added.length,
        changed: plan.changed.length,
        deleted: plan.deleted.length,
      }),
      view(plan, fileName, true, null),
    );
  } catch (error) {
    if (error instanceof ImportTooLargeError) {
      return replyError<ImportView>(
        { message: error.message },
        { status: 422, data: view(error.plan, fileName, false, stagedId) },
      );
    }
    // Another write came between the dry run and Apply (a SKU added, a product edited): nothing was kept.
    log.warn({ err: error }, "catalog import failed; rolled back");
    return replyError<ImportView>(
      { message: MESSAGES.importCatalogChanged },
      { status: 409, data: view(await planImport(db, read), fileName, false, stagedId) },
    );
  }
}

/** An Apply posted without JavaScript, in the one form contract: read, then written, answered once it is done. */
export async function applyImportForm(form: FormData, actor: Actor) {
  return formAction(form, importApplySchema, (input) => applyStaged(input, actor), { fields: [] });
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
