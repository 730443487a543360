import type { Kysely } from "kysely";
import type { DB, JobRow } from "../db/schema";

/** What a handler is given besides its payload. */
export interface JobContext {
  db: Kysely<DB>;
  job: JobRow;
  /** The runner's clock for this pass (epoch ms). */
  now: number;
}

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

export interface JobOptions {
  /** Attempts before the job is marked failed (default 10). */
  maxAttempts?: number;
}

export interface JobDefinition<P> {
  name: string;
  maxAttempts: number;
  handler: JobHandler<P>;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

const jobs = new Map<string, JobDefinition<unknown>>();

/**
 * Registers the handler of one kind of job. A runner claims only jobs whose name is registered
 * in its process, so a server that does not know a job (an older release during a rolling
 * deploy) leaves it for one that does.
 */
export function defineJob<P>(name: string, handler: JobHandler<P>, options: JobOptions = {}): JobDefinition<P> {
  const definition: JobDefinition<P> = { name, maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, handler };
  jobs.set(name, definition as JobDefinition<unknown>);
  return definition;
}

export function findJobDefinition(name: string): JobDefinition<unknown> | undefined {
  return jobs.get(name);
}

export function registeredJobNames(): string[] {
  return [...jobs.keys()];
}

export interface Schedule {
  name: string;
  intervalMs: number;
}

const schedules = new Map<string, Schedule>();

/**
 * Runs the job `name` (defined with defineJob, payload `{ slot }`) once per interval, across
 * every server: each interval is a time slot whose job has the unique key `every:<name>:<slot>`,
 * so the servers that try to enqueue it make one job.
 */
export function scheduleEvery(name: string, intervalMs: number): void {
  if (!Number.isInteger(intervalMs) || intervalMs < 1000) throw new Error(`scheduleEvery(${name}): interval too short`);
  schedules.set(name, { name, intervalMs });
}

export function listSchedules(): Schedule[] {
  return [...schedules.values()];
}
