import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import type { RegisterInput } from "~/lib/schemas/account";
import { createAddress } from "../accounts/addresses";
import { getAuth } from "../accounts/auth";
import { authBool, authDate } from "../accounts/auth-columns";
import { AccountError, authErrorInfo } from "../accounts/errors";
import { limits } from "../accounts/limits";
import { alreadyRegisteredMail, enqueueAccountMail, registrationWaitingMail } from "../accounts/mails";
import { PENDING_REGISTRATION_HOURS, pendingRegistration } from "../accounts/unverified";
import { findUserByEmail, findUserByUsername } from "../accounts/users";
import { saveBusiness } from "../business/profile";
import type { DB } from "../db/schema";
import { hitRateLimit, TOO_MANY_ATTEMPTS } from "../security/rate-limit";

/**
 * Creates a customer account and sends the verification email; the user is not signed in.
 * Only the validated fields below reach better-auth, so a form cannot set a role or the
 * verified flag.
 *
 * Every email gets the same answer, whether or not it has an account, and every branch does the
 * same expensive work (one password hash) so the time does not tell either:
 * - a verified account: nothing changes; its owner is mailed that someone tried to register
 *   with their address, with links to log in and to reset the password;
 * - an unverified account still waiting for its verification (registered less than
 *   PENDING_REGISTRATION_HOURS ago): nothing changes either; the address is told that a
 *   registration is already waiting, when it ends, and not to verify it if it is not theirs. A
 *   second registration can neither wipe the first nor take its place (decision 0029);
 * - an unverified account whose wait has ended: it is replaced by this registration (an
 *   unverified registration never binds the real owner of the address: whoever verifies the
 *   address gets the account they registered themselves), and the verification mail goes to the
 *   address;
 * - no account: created, with the verification mail.
 * The mails to one address are capped per day (enqueueAccountMail), and the sign-up limit counts
 * an IPv6 client by its /64.
 */
export async function registerCustomer(db: Kysely<DB>, input: RegisterInput, clientIp: string): Promise<void> {
  const limit = await hitRateLimit(db, limits.signUpPerAddress, clientIp);
  if (!limit.allowed) throw new AccountError(TOO_MANY_ATTEMPTS, "form", 429);

  const existing = await findUserByEmail(db, input.email);
  const holder = await findUserByUsername(db, input.username);
  if (holder && holder.id !== existing?.id) throw new AccountError(MESSAGES.usernameInUse, "username");

  if (existing && (existing.emailVerified || existing.role === "admin")) {
    await (await getAuth().$context).password.hash(input.password);
    await enqueueAccountMail(db, "registration notice", {
      to: existing.email,
      ...alreadyRegisteredMail(existing.name),
    });
    return;
  }
  if (existing) {
    const waiting = await pendingRegistration(db, existing.id);
    if (waiting) {
      await (await getAuth().$context).password.hash(input.password);
      await enqueueAccountMail(db, "registration notice", {
        to: existing.email,
        ...registrationWaitingMail(waiting.madeAt, waiting.endsAt),
      });
      return;
    }
    // Its wait has ended: sessions, credentials and addresses of the replaced registration go
    // with it (cascade). Only if it is still unverified and still past its wait.
    await db
      .deleteFrom("users")
      .where("id", "=", existing.id)
      .where("email_verified", "=", authBool(db, false))
      .where("created_at", "<=", authDate(db, new Date(Date.now() - PENDING_REGISTRATION_HOURS * 60 * 60 * 1000)))
      .execute();
  }

  try {
    await getAuth().api.signUpEmail({
      body: {
        name: input.name,
        email: input.email,
        password: input.password,
        username: input.username,
        phone: input.phone ?? undefined,
        dob: input.dob ?? undefined,
        gender: input.gender ?? undefined,
        address: input.address,
        city: input.city,
        state: input.state,
        zip: input.zip,
      },
    });
  } catch (error) {
    // Two sign-ups racing for one username: the unique index refuses the second.
    if (await findUserByUsername(db, input.username)) throw new AccountError(MESSAGES.usernameInUse, "username");
    const info = authErrorInfo(error);
    if (info?.code === "USERNAME_IS_ALREADY_TAKEN" || info?.code === "USERNAME_IS_ALREADY_TAKEN_PLEASE_TRY_ANOTHER") {
      throw new AccountError(MESSAGES.usernameInUse, "username");
    }
    // Two sign-ups racing for one email: the other one made the account; same answer.
    if (info?.code === "USER_ALREADY_EXISTS" || info?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") return;
    if (info) throw new AccountError(info.message, fieldOf(info.code));
    throw error;
  }

  const created = await findUserByEmail(db, input.email);
  if (created) {
    await saveBusiness(
      db,
      created.id,
      { legalName: input.legalName, dba: input.dba, businessType: input.businessType, taxPermit: input.taxPermit },
      { id: created.id, name: `${input.name} <${input.email}>` },
    );
    // The first shipping address is the business's, under the name it trades as.
    await createAddress(db, created.id, {
      businessName: input.dba ?? input.legalName,
      street: input.address,
      city: input.city,
      state: input.state,
      zip: input.zip,
      phone: input.phone ?? "",
      isDefault: true,
    });
  }
}

function fieldOf(code: string): string {
  if (code.includes("PASSWORD")) return "password";
  if (code.includes("EMAIL")) return "email";
  if (code.includes("USERNAME")) return "username";
  return "form";
}
