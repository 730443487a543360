import type { Kysely } from "kysely";
import * as MESSAGES from "~/lib/messages";
import type { RegisterInput } from "~/lib/schemas/account";
import type { DB } from "../db/schema";
import { hitRateLimit, TOO_MANY_ATTEMPTS } from "../security/rate-limit";
import { createAddress } from "./addresses";
import { getAuth } from "./auth";
import { AccountError, authErrorInfo } from "./errors";
import { limits } from "./limits";
import { findUserByEmail, findUserByUsername } from "./users";

/**
 * Creates a customer account and sends the verification email; the user is not signed in.
 * Only the validated fields below reach better-auth, so a form cannot set a role or the
 * verified flag. An email that already has an account gets the same answer as a new one.
 */
export async function registerCustomer(db: Kysely<DB>, input: RegisterInput, clientIp: string): Promise<void> {
  const limit = await hitRateLimit(db, limits.signUpPerAddress, clientIp);
  if (!limit.allowed) throw new AccountError(TOO_MANY_ATTEMPTS, "form", 429);

  if (await findUserByUsername(db, input.username)) throw new AccountError(MESSAGES.usernameInUse, "username");

  const existing = await findUserByEmail(db, input.email);
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
    if (info) throw new AccountError(info.message, fieldOf(info.code));
    throw error;
  }
  if (existing) return; // Same answer as a new account; nothing was created.

  const created = await findUserByEmail(db, input.email);
  if (created) {
    await createAddress(db, created.id, {
      businessName: input.name,
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
