import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldError, postedValue } from "~/lib/form-reply";
import { addressSchema, settingsSchema } from "~/lib/schemas/account";
import { invalid, parseForm, replyError, replyOk, uploadedFiles } from "./forms";

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

describe("files posted with a form", () => {
  const schema = z.object({
    name: z.string({ error: "Enter a name." }).min(1, "Enter a name."),
    images: uploadedFiles({
      largerThan: { bytes: 8, message: (name) => `${name} is too large.` },
      most: { count: 2, message: "At most 2 files." },
    }),
  });
  const file = (name: string, content = "png") => new File([content], name, { type: "image/png" });

  it("reads a file input's files through the schema, in the order they came", () => {
    const form = formOf({ name: "Chips" });
    form.append("images", file("a.png"));
    form.append("images", file("b.png"));
    const parsed = parseForm(form, schema);
    expect(parsed.ok && parsed.data.images.map((f) => f.name)).toEqual(["a.png", "b.png"]);
  });

  it("reads an input left empty (one nameless, empty file) and text in a file's place as no file", () => {
    const empty = formOf({ name: "Chips" });
    empty.append("images", new File([], ""));
    const parsed = parseForm(empty, schema);
    expect(parsed.ok && parsed.data.images).toEqual([]);
    const text = parseForm(formOf({ name: "Chips", images: "not a file" }), schema);
    expect(text.ok && text.data.images).toEqual([]);
  });

  it("refuses a file too large, then too many files, beside the field", () => {
    const form = formOf({ name: "Chips" });
    for (const name of ["a.png", "b.png", "c.png"]) form.append("images", file(name));
    expect(parseForm(form, schema)).toEqual({ ok: false, errors: { images: "At most 2 files." } });
    form.append("images", file("big.png", "123456789"));
    expect(parseForm(form, schema)).toEqual({ ok: false, errors: { images: "big.png is too large." } });
  });

  it("refuses a file posted where the schema reads text, and never echoes a file", () => {
    const form = new FormData();
    form.append("name", file("name.png"));
    const parsed = parseForm(form, schema);
    expect(parsed).toEqual({ ok: false, errors: { name: "Enter a name." } });
    if (parsed.ok) return;
    expect(invalid(parsed.errors, form).data.values).toEqual({});
  });
});
