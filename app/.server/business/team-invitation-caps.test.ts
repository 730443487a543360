import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as TEAM from "~/lib/messages/team";
import { customerWithAddress } from "../../../tests/support/customers";
import { postTo, replyOf, viewerFor } from "../../../tests/support/route-call";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { action as teamAction } from "../../routes/account/team";
import { enqueueAccountMail } from "../accounts/mails";
import { runJobsUntilIdle } from "../jobs/run-due";
import { recipientCaps } from "../mail/recipient-caps";
import { saveBusiness } from "./profile";
import { INVITATIONS_PER_BUSINESS_A_DAY, inviteMember, listPendingInvitations, TeamError } from "./team";

/**
 * Team invitations are capped (issue 36): an owner cannot make the store mail one address over
 * and over (however the address is written), nor mail the world from one business; each cap
 * answers the owner at the form, queues no mail and leaves other businesses alone. On the
 * database the run is on (SQLite, or PostgreSQL with DATABASE_URL).
 */
let t: TestDatabase;

beforeAll(async () => {
  t = await setupTestDatabase();
});

afterAll(async () => {
  await t.cleanup();
});

async function outbox(): Promise<{ to: string; subject: string }[]> {
  await runJobsUntilIdle({ db: t.db });
  const dir = path.join(t.dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
}

const invitationsTo = async (email: string) =>
  (await outbox()).filter((m) => m.to === email && m.subject.startsWith("You are invited"));

/** A business and its founder, as the request's viewer describes them. */
async function business(email: string, legalName: string) {
  const { id } = await customerWithAddress(t.db, email, { name: `${legalName} Owner` });
  await saveBusiness(
    t.db,
    id,
    { legalName, dba: null, businessType: "convenience-store", taxPermit: null },
    { id, name: email },
  );
  return viewerFor({ id, name: `${legalName} Owner`, email }, "customer");
}

async function refusal(promise: Promise<unknown>): Promise<TeamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TeamError);
  return error as TeamError;
}

describe(`team invitation caps on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("mails one address at most three invitations a day, however its case is written, from any business", async () => {
    const owner = await business("owner@caps-one.test", "Caps One");
    const spellings = ["Target@Caps.test", "target@caps.test", "TARGET@CAPS.TEST", " tArGeT@caps.test "];
    for (const email of spellings.slice(0, recipientCaps.invitationsPerRecipient.limit)) {
      await inviteMember(t.db, owner, { email, role: "buyer" });
    }
    const refused = await refusal(inviteMember(t.db, owner, { email: spellings[3] as string, role: "buyer" }));
    expect(refused.message).toBe(TEAM.invitationsToAddressReached("target@caps.test"));
    expect(refused).toMatchObject({ status: 429, field: "email" });
    // Another business gets no further with the same address: the cap is the address's.
    const other = await business("owner@caps-two.test", "Caps Two");
    await expect(inviteMember(t.db, other, { email: "TARGET@caps.test", role: "owner" })).rejects.toThrow(
      TEAM.invitationsToAddressReached("target@caps.test"),
    );
    expect(await invitationsTo("target@caps.test")).toHaveLength(recipientCaps.invitationsPerRecipient.limit);
    // The refused invitations changed nothing: the last one sent is still the live one.
    expect((await listPendingInvitations(t.db, owner.accountId)).map((i) => i.email)).toEqual(["target@caps.test"]);
    expect(await listPendingInvitations(t.db, other.accountId)).toEqual([]);
  });

  it("counts invitations against what the address may receive in a day in all", async () => {
    const owner = await business("owner@caps-three.test", "Caps Three");
    const email = "shared@caps.test";
    for (let i = 0; i < recipientCaps.invitationsPerRecipient.limit; i++) {
      await inviteMember(t.db, owner, { email, role: "buyer" });
    }
    // Three invitations and three account mails make the six a day; the seventh mail is dropped.
    const mail = { to: "Shared@Caps.test", subject: "Verify your email", text: "link", html: "<p>link</p>" };
    const sent: boolean[] = [];
    for (let i = 0; i < 4; i++) sent.push(await enqueueAccountMail(t.db, "verification", mail));
    expect(sent).toEqual([true, true, true, false]);
    expect(recipientCaps.accountMailsPerRecipient.limit).toBe(6);
  });

  it("lets one business send 20 invitations a day, then answers at the form and queues nothing; another business is unaffected", async () => {
    const busy = await business("owner@busy.test", "Busy Mart");
    for (let i = 0; i < INVITATIONS_PER_BUSINESS_A_DAY; i++) {
      await inviteMember(t.db, busy, { email: `person${i}@busy-invitees.test`, role: "buyer" });
    }
    // The 21st through the team page: the owner reads why beside the email field; nothing is queued.
    const post = postTo(
      "/account/team",
      { intent: "invite", email: "one-more@busy-invitees.test", role: "buyer" },
      busy,
    );
    const { status, reply } = replyOf(await teamAction({ ...post, params: {} } as never));
    expect(status).toBe(429);
    expect(reply.ok).toBe(false);
    expect(reply.fieldErrors).toEqual({ email: TEAM.invitationsTodayReached(INVITATIONS_PER_BUSINESS_A_DAY) });
    expect(reply.values).toMatchObject({ email: "one-more@busy-invitees.test" });
    expect(await invitationsTo("one-more@busy-invitees.test")).toEqual([]);
    const sentByBusy = (await outbox()).filter((m) => m.to.endsWith("@busy-invitees.test"));
    expect(sentByBusy).toHaveLength(INVITATIONS_PER_BUSINESS_A_DAY);
    expect(await listPendingInvitations(t.db, busy.accountId)).toHaveLength(INVITATIONS_PER_BUSINESS_A_DAY);

    // Another business invites as usual, through the same page.
    const calm = await business("owner@calm.test", "Calm Corner");
    const calmPost = postTo("/account/team", { intent: "invite", email: "clerk@calm.test", role: "buyer" }, calm);
    const calmAnswer = replyOf(await teamAction({ ...calmPost, params: {} } as never));
    expect(calmAnswer.reply).toMatchObject({ ok: true, message: TEAM.memberInvited("clerk@calm.test") });
    expect(await invitationsTo("clerk@calm.test")).toHaveLength(1);
  });
});
