import { BUSINESS_TYPES } from "~/lib/business";
import { fieldError, postedValue, type ReplyOf } from "~/lib/form-reply";
import type { businessSchema } from "~/lib/schemas/business";
import { SelectField, TextField } from "./ui/field";

interface BusinessValues {
  legalName: string;
  dba: string | null;
  businessType: string;
  taxPermit: string | null;
}

/**
 * The business's fields (legal name, DBA, type, Texas sales tax permit), as registration and the
 * Business Profile ask for them: after a failed post they show what was typed and each error.
 */
export function BusinessFields({
  reply,
  saved,
  permitHint,
}: {
  reply: ReplyOf<typeof businessSchema, unknown> | null | undefined;
  saved?: BusinessValues | null;
  permitHint: string;
}) {
  const field = (name: keyof BusinessValues) => ({
    error: fieldError(reply, name),
    defaultValue: postedValue(reply, name, saved?.[name] ?? ""),
  });
  return (
    <>
      <TextField
        label="Legal business name"
        name="legalName"
        autoComplete="organization"
        required
        maxLength={120}
        {...field("legalName")}
      />
      <TextField label="DBA (doing business as)" name="dba" maxLength={120} {...field("dba")} />
      <SelectField
        label="Business type"
        name="businessType"
        required
        {...field("businessType")}
        placeholder="Choose…"
        options={BUSINESS_TYPES}
      />
      <TextField
        label="Texas sales tax permit number"
        name="taxPermit"
        inputMode="numeric"
        maxLength={20}
        hint={permitHint}
        {...field("taxPermit")}
      />
    </>
  );
}
