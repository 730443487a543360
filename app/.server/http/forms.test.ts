import { describe, expect, it } from "vitest";
import { fieldError, postedValue } from "~/lib/form-reply";
import { addressSchema, settingsSchema } from "~/lib/schemas/account";
import { invalid, parseForm, replyError, replyOk } from "./forms";

function formOf(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.set(name, value);
  return form;
}

describe("the form replies the server builds", () => {
  it("answers a refused form with its field errors, keyed by the schema's names, and what was typed", () => {
    const form = formOf({ phone: "call me", password: "secret-1" });
    const parsed = parseForm(form, settingsSchema);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    const answer = invalid(parsed.errors, form);
    expect(answer.init?.status).toBe(400);
    expect(fieldError(answer.data, "phone")).toBeTruthy();
    expect(postedValue(answer.data, "phone")).toBe("call me");
    // Passwords are never given back.
    expect(answer.data.values).not.toHaveProperty("password");
    // @ts-expect-error the settings form has no field "phon"
    expect(fieldError(answer.data, "phon")).toBeUndefined();
  });

  it("checks hand-written field errors against the form's schema when given it", () => {
    const form = formOf({ street: "1 Main St" });
    const answer = replyError({ fieldErrors: { street: "Too long." } }, { form, schema: addressSchema, status: 409 });
    expect(answer.init?.status).toBe(409);
    expect(fieldError(answer.data, "street")).toBe("Too long.");
    // @ts-expect-error "stret" is no field of the address form
    replyError({ fieldErrors: { stret: "Too long." } }, { form, schema: addressSchema });
  });

  it("says a whole-form problem above the form, and a success names no field", () => {
    const answer = replyError({ fieldErrors: { form: "Try again later." } });
    expect(answer.data).toEqual({ ok: false, message: "Try again later." });
    const ok = replyOk("Saved.", { id: 1 });
    expect(ok.data).toEqual({ ok: true, message: "Saved.", data: { id: 1 } });
  });
});
