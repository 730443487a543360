import { z } from "zod";
import * as TEAM_MESSAGES from "../messages/team";
import { emailSchema } from "./account";
import { optionalAmountField } from "./amount";

/** A member's role, as the team page's forms post it. */
export const roleField = z.enum(["owner", "buyer"], { error: TEAM_MESSAGES.chooseRole });

/** An owner's invitation: the invitee's email and the role they will have. */
export const inviteSchema = z.object({ email: emailSchema, role: roleField });

/** Which member a change is for: the id the team page showed. */
export const memberIdField = z
  .string({ error: TEAM_MESSAGES.notAMember })
  .trim()
  .min(1, TEAM_MESSAGES.notAMember)
  .max(100);

export const roleChangeSchema = z.object({ memberId: memberIdField, role: roleField });

/** The most a buyer's order limit may be: $9,999,999.99. */
export const MAX_ORDER_LIMIT_CENTS = 999_999_999;

/** A buyer's order limit in dollars ("500", "1,250.50"), or empty for none. */
export const orderLimitSchema = z.object({
  memberId: memberIdField,
  limit: optionalAmountField("order limit", { max: MAX_ORDER_LIMIT_CENTS }),
});

export const memberSchema = z.object({ memberId: memberIdField });

/** A new login made from an invitation: the email is the invitation's. */
export const invitationLoginSchema = z.object({
  name: z.string({ error: TEAM_MESSAGES.nameRequired }).trim().min(1, TEAM_MESSAGES.nameRequired).max(100),
});

/** A staff role, as the back office's invitation form posts it (issue 37). */
export const staffRoleField = z.enum(["rep", "driver"], { error: TEAM_MESSAGES.chooseStaffRole });

/** An admin's invitation of a sales rep or a driver: their email, their name and the role. */
export const staffInviteSchema = z.object({
  email: emailSchema,
  name: invitationLoginSchema.shape.name,
  role: staffRoleField,
});
