import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldError, postedValue } from "~/lib/form-reply";
import { DomainError } from "../runtime/domain-error";
import { formAction } from "./form-action";
import { replyOk } from "./forms";

const schema = z.object({
  name: z.string().trim().min(1, "Enter a name."),
  amount: z.string().regex(/^\d+$/, "Enter a whole number."),
});

function formOf(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.set(name, value);
  return form;
}

/** What an answer is, whatever its kind: a reply with its init, or what the work returned. */
function reply(answer: unknown) {
  const a = answer as {
    data: { ok: boolean; message?: string; fieldErrors?: Record<string, string> };
    init?: ResponseInit;
  };
  return { body: a.data, status: a.init?.status };
}

describe("formAction: the one way an action handles a form", () => {
  it("answers a form the schema refuses with its field errors and what was typed, and runs nothing", async () => {
    let ran = false;
    const answer = await formAction(formOf({ name: " ", amount: "1,0" }), schema, async () => {
      ran = true;
      return replyOk("Saved.");
    });
    expect(ran).toBe(false);
    const { body, status } = reply(answer);
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual({ name: "Enter a name.", amount: "Enter a whole number." });
    expect(postedValue(body as never, "amount" as never)).toBe("1,0");
  });

  it("runs the work with the typed input and answers what it returns", async () => {
    const answer = await formAction(formOf({ name: " Ann ", amount: "12" }), schema, async (input) =>
      replyOk(`Saved ${input.name} ${input.amount}.`),
    );
    expect(reply(answer).body).toEqual({ ok: true, message: "Saved Ann 12." });
  });

  it("answers a refusal beside its field when the form has it, above the form otherwise, with its status", async () => {
    const beside = await formAction(formOf({ name: "Ann", amount: "12" }), schema, async () => {
      throw new DomainError("That amount is too much.", { field: "amount", status: 409 });
    });
    expect(reply(beside)).toEqual({
      body: expect.objectContaining({ ok: false, fieldErrors: { amount: "That amount is too much." } }),
      status: 409,
    });
    expect(fieldError(reply(beside).body as never, "amount" as never)).toBe("That amount is too much.");
    const above = await formAction(formOf({ name: "Ann", amount: "12" }), schema, async () => {
      throw new DomainError("The order changed.", { field: "orderId" });
    });
    expect(reply(above).body).toEqual(expect.objectContaining({ ok: false, message: "The order changed." }));
    expect(reply(above).body.fieldErrors).toBeUndefined();
  });

  it("says everything above a form that shows no field errors, in the form's words", async () => {
    const answer = await formAction(formOf({ name: "Ann", amount: "x" }), schema, async () => replyOk(), {
      fields: [],
      summary: (m) => `Error: ${m}`,
    });
    expect(reply(answer).body).toEqual(expect.objectContaining({ ok: false, message: "Error: Enter a whole number." }));
    expect(reply(answer).body.fieldErrors).toBeUndefined();
  });

  it("rethrows what is not the person's to fix", async () => {
    await expect(
      formAction(formOf({ name: "Ann", amount: "1" }), schema, async () => {
        throw new Error("database gone");
      }),
    ).rejects.toThrow("database gone");
  });

  it("reads a form of several intents: the intent's fields beside them, an unknown intent above the form", async () => {
    const intents = z.discriminatedUnion(
      "intent",
      [
        z.object({ intent: z.literal("rename"), name: z.string().trim().min(1, "Enter a name.") }),
        z.object({ intent: z.literal("delete"), id: z.string() }),
      ],
      { error: "Choose what to do." },
    );
    const unknown = await formAction(formOf({ intent: "drop" }), intents, async () => replyOk());
    expect(reply(unknown).body).toEqual(expect.objectContaining({ ok: false, message: "Choose what to do." }));
    expect(reply(unknown).body.fieldErrors).toBeUndefined();
    const blank = await formAction(formOf({ intent: "rename", name: " " }), intents, async () => replyOk());
    expect(reply(blank).body.fieldErrors).toEqual({ name: "Enter a name." });
    const done = await formAction(formOf({ intent: "rename", name: "Bar" }), intents, async (input) =>
      replyOk(input.intent === "rename" ? `Renamed ${input.name}.` : "Deleted."),
    );
    expect(reply(done).body).toEqual({ ok: true, message: "Renamed Bar." });
  });
});
