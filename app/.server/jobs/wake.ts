/** The runners of this process (runner.ts), so enqueueing can wake them without importing them. */
const listeners = new Set<() => void>();

export function onJobsEnqueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Wakes this process's runners: a job was just committed. Never waits for the job. */
export function kickJobRunners(): void {
  for (const l of listeners) l();
}
