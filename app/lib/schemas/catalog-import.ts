import { z } from "zod";
import * as BACK_OFFICE_MESSAGES from "~/lib/messages/back-office";

/**
 * The catalog import's two posts (issue 17; under the one form contract, issue 37): a dry run
 * (its file is read apart from the schema: files are not form values) and an Apply, which posts
 * the staged file's id and the digest of the dry run it saw.
 */
export const importDryRunSchema = z.object({
  intent: z.literal("dry-run", { error: BACK_OFFICE_MESSAGES.importChooseFile }).optional(),
});

export const importApplySchema = z.object({
  intent: z.literal("apply", { error: BACK_OFFICE_MESSAGES.importChooseFile }),
  staged: z
    .string({ error: BACK_OFFICE_MESSAGES.importChooseFile })
    .min(1, BACK_OFFICE_MESSAGES.importChooseFile)
    .max(100, BACK_OFFICE_MESSAGES.importChooseFile),
  digest: z
    .string({ error: BACK_OFFICE_MESSAGES.importChooseFile })
    .regex(/^[a-f0-9]{64}$/, BACK_OFFICE_MESSAGES.importChooseFile),
});

export type ImportApplyInput = z.output<typeof importApplySchema>;
