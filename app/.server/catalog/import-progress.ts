/**
 * How far each running catalog import has got (issue 17: "Apply … with a progress bar"), kept in
 * this process only: the import page polls /admin/import/progress while its Apply request runs.
 * An entry lives while its apply runs and is forgotten when it ends, whether it committed, was
 * refused or failed. Another app server does not know it: its poll answers null, and the page
 * keeps its indeterminate bar.
 */
export interface ImportProgress {
  /** Rows written so far (inside the transaction; nothing is visible before it commits). */
  done: number;
  /** Rows the apply writes in all (added, changed and deleted). */
  total: number;
}

export type ProgressCallback = (done: number, total: number) => void;

/** What the page sends to name its apply: random, made by the browser. */
export const IMPORT_PROGRESS_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A bound on entries, should many applies run at once: the oldest is dropped first. */
const MAX_TRACKED = 64;

const running = new Map<string, ImportProgress>();

/** The progress of the import `id` running in this process, or null when none is. */
export function importProgress(id: string): ImportProgress | null {
  const entry = running.get(id);
  return entry ? { ...entry } : null;
}

/**
 * Runs `apply` with a callback that records its progress under `id` (no callback without an id:
 * a post without JavaScript has none), and forgets the entry when `apply` ends, however it ends.
 */
export async function trackImportProgress<T>(
  id: string | null,
  apply: (onProgress: ProgressCallback | undefined) => Promise<T>,
): Promise<T> {
  if (id === null || !IMPORT_PROGRESS_ID.test(id)) return apply(undefined);
  const onProgress: ProgressCallback = (done, total) => {
    if (!running.has(id) && running.size >= MAX_TRACKED) running.delete(running.keys().next().value as string);
    running.set(id, { done, total });
  };
  try {
    return await apply(onProgress);
  } finally {
    running.delete(id);
  }
}
