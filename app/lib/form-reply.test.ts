import { describe, expect, it } from "vitest";
import { type FieldsOf, fieldError, intentOf, postedValue, type ReplyOf } from "./form-reply";
import type { addressSchema } from "./schemas/account";

type AddressReply = ReplyOf<typeof addressSchema, { addressId: string }>;

const refused: AddressReply = {
  ok: false,
  fieldErrors: { zip: "Enter a ZIP code." },
  values: { street: "1 Main St", zip: "1" },
};

describe("the form contract's readers", () => {
  it("read a field's error and posted value by the schema's field names", () => {
    expect(fieldError(refused, "zip")).toBe("Enter a ZIP code.");
    expect(fieldError(refused, "street")).toBeUndefined();
    expect(postedValue(refused, "street", "fallback")).toBe("1 Main St");
    expect(postedValue(refused, "city", "fallback")).toBe("fallback");
    // After a success nothing posted is given back: the form shows what the page holds.
    expect(postedValue({ ...refused, ok: true }, "street", "saved")).toBe("saved");
  });

  it("refuses, at type check, a field name the form's schema does not have", () => {
    // Each line below compiles only while the misspelt name is refused (`npm run typecheck`).
    // @ts-expect-error "stret" is no field of the address form
    expect(fieldError(refused, "stret")).toBeUndefined();
    // @ts-expect-error "zipcode" is no field of the address form
    expect(postedValue(refused, "zipcode")).toBeUndefined();
    const names: FieldsOf<AddressReply>[] = ["businessName", "street", "city", "state", "zip"];
    // @ts-expect-error "intent" is posted, but is not one of the schema's fields
    names.push("intent");
    expect(names).toHaveLength(6);
  });

  it("names the fields of each of an action's answers, and none for a success", () => {
    type Answers = AddressReply | ReplyOf<typeof addressSchema, undefined, "intent"> | { ok: true; message: string };
    const names: FieldsOf<Answers>[] = ["zip", "intent"];
    // @ts-expect-error a success adds no field name
    names.push("message");
    expect(names).toHaveLength(3);
  });

  it("reads the intent of a form one way, on the server and in the browser", () => {
    const form = new FormData();
    expect(intentOf(form)).toBe("");
    expect(intentOf(undefined)).toBe("");
    form.set("intent", "delete");
    expect(intentOf(form)).toBe("delete");
    const file = new FormData();
    file.set("intent", new File(["x"], "x.txt"));
    expect(intentOf(file)).toBe("");
  });
});
