import type { Kysely } from "kysely";
import { storeToday } from "~/lib/business";
import { stateName } from "~/lib/compliance/vocabulary";
import * as EXCISE_MESSAGES from "~/lib/messages/excise";
import type { PactFilingInput } from "~/lib/schemas/excise";
import { type Actor, recordAudit } from "../audit/log";
import { pactSummary } from "../compliance/pact";
import { dialectOf } from "../db/connect";
import type { DB } from "../db/schema";
import { sqlNow } from "../db/time";
import { enqueueJob } from "../jobs/enqueue";
import { defineJob } from "../jobs/registry";
import { MAIL_JOB } from "../mail/outbox";
import { layout } from "../mail/templates";
import { DomainError } from "../runtime/domain-error";
import { env } from "../runtime/env";

/**
 * The PACT Act filing calendar (issue 31): for each month and each destination state with
 * interstate vape shipments (the PACT report's, compliance/pact.ts), the filing is due by the 10th
 * of the next month; the admin downloads the state's file and marks it filed (the day, by whom, a
 * note). Statuses: "in progress" while the month runs, then "due" until the 10th, "overdue" after,
 * "filed" once marked.
 */

export type FilingStatus = "in-progress" | "due" | "overdue" | "filed";

export interface PactFiling {
  state: string;
  name: string;
  month: string;
  dueOn: string;
  orders: number;
  units: number;
  status: FilingStatus;
  filedOn: string | null;
  filedBy: string | null;
  note: string | null;
}

export class PactFilingError extends DomainError {
  constructor(message: string, field = "form") {
    super(message, { field, status: 409 });
  }
}

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The day a month's filing is due: the 10th of the next month. */
export function dueDateOf(month: string): string {
  return `${shiftMonth(month, 1)}-10`;
}

export function filingStatus(month: string, today: string, filed: boolean): FilingStatus {
  if (filed) return "filed";
  if (month >= today.slice(0, 7)) return "in-progress";
  return today > dueDateOf(month) ? "overdue" : "due";
}

/** The calendar of the last `months` months (this one first): every state with shipments in each. */
export async function filingCalendar(db: Kysely<DB>, today = storeToday(), months = 6): Promise<PactFiling[]> {
  const list = Array.from({ length: months }, (_, i) => shiftMonth(today.slice(0, 7), -i));
  const [summaries, filed] = await Promise.all([
    Promise.all(list.map((month) => pactSummary(db, month).then((states) => ({ month, states })))),
    db.selectFrom("pact_filings").selectAll().where("month", "in", list).execute(),
  ]);
  const byKey = new Map(filed.map((f) => [`${f.state}|${f.month}`, f]));
  return summaries.flatMap(({ month, states }) =>
    states.map((s) => {
      const f = byKey.get(`${s.state}|${month}`);
      return {
        state: s.state,
        name: stateName(s.state),
        month,
        dueOn: dueDateOf(month),
        orders: s.orders,
        units: s.units,
        status: filingStatus(month, today, !!f),
        filedOn: f?.filed_on ?? null,
        filedBy: f?.filed_by ?? null,
        note: f?.note ?? null,
      };
    }),
  );
}

/** The filings still open (due or overdue) on a day: what the reminder on the 5th names. */
export async function openFilings(db: Kysely<DB>, today = storeToday()): Promise<PactFiling[]> {
  return (await filingCalendar(db, today)).filter((f) => f.status === "due" || f.status === "overdue");
}

/**
 * Marks a state's month filed. A month still running, a day after today or a filing already
 * marked are refused; the filing and its audit entry are written together.
 */
export async function markPactFiled(
  db: Kysely<DB>,
  input: PactFilingInput,
  actor: Actor,
  today = storeToday(),
): Promise<void> {
  if (input.month >= today.slice(0, 7)) throw new PactFilingError(EXCISE_MESSAGES.pactFilingUnknown);
  if (input.filedOn > today) throw new PactFilingError(EXCISE_MESSAGES.pactFilingDateFormat, "filedOn");
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("pact_filings")
      .values({
        state: input.state,
        month: input.month,
        filed_on: input.filedOn,
        filed_by: actor.name,
        note: input.note,
        created_at: sqlNow(dialectOf(trx)),
      })
      .onConflict((oc) => oc.columns(["state", "month"]).doNothing())
      .returning("state")
      .executeTakeFirst();
    if (!inserted) throw new PactFilingError(EXCISE_MESSAGES.pactFilingAlready);
    await recordAudit(trx, actor, {
      action: "pact-filing.filed",
      subjectType: "pact-filing",
      subjectId: `${input.state}-${input.month}`,
      summary: `PACT filing of ${input.state} for ${input.month} marked filed`,
      after: { filedOn: input.filedOn, note: input.note },
    });
  });
}

export const PACT_REMINDER_JOB = "pact-filing-reminder";

/**
 * On the 5th of a month (the store's date), mails the store's inbox (the admins) the PACT filings
 * still open: each state and month, and its due date. Queued once per month (the mail job's
 * unique key), however often the daily schedule runs that day. Returns whether it queued one.
 */
export async function remindOpenFilings(db: Kysely<DB>, today = storeToday()): Promise<boolean> {
  if (today.slice(8, 10) !== "05") return false;
  const open = await openFilings(db, today);
  if (open.length === 0) return false;
  const e = env();
  const url = `${e.BASE_URL}/admin/reports/pact/filings`;
  const id = await enqueueJob(db, {
    name: MAIL_JOB,
    uniqueKey: `pact-reminder:${today.slice(0, 7)}`,
    payload: {
      mail: {
        to: e.STORE_INBOX,
        subject: `PACT filings open: ${open.length}`,
        ...layout(
          [
            EXCISE_MESSAGES.pactFilingsIntro,
            open
              .map((f) => `${f.name} · ${f.month} · due ${f.dueOn}${f.status === "overdue" ? " (overdue)" : ""}`)
              .join("\n"),
          ],
          { label: "Open the PACT filings", url },
        ),
      },
      context: `PACT reminder ${today.slice(0, 7)}`,
    },
  });
  return id !== null;
}

/** Scheduled daily (startup.ts); mails only on the 5th. */
export const pactReminderJob = defineJob(PACT_REMINDER_JOB, async (_payload, { db, now }) => {
  await remindOpenFilings(db, storeToday(new Date(now)));
});
