import { describe, expect, it } from "vitest";
import { AddressError } from "../accounts/addresses";
import { AccountError } from "../accounts/errors";
import { StatusChangeError } from "../flows/order-life";
import { OrderRefusedError } from "../flows/place-order";
import { SkuTakenError } from "../flows/product-admin";
import { DomainError } from "../runtime/domain-error";
import { domainErrorReply } from "./http";

function posted(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.set(name, value);
  return form;
}

describe("domainErrorReply: every refusal answered in one place", () => {
  it("says a refusal beside its field, with its status, and gives back what was typed", () => {
    const answer = domainErrorReply(new SkuTakenError("VAP-1"), { form: posted({ sku: "VAP-1" }) });
    expect(answer.init?.status).toBe(409);
    expect(answer.data.message).toBeUndefined();
    expect(answer.data.fieldErrors).toEqual({ sku: new SkuTakenError("VAP-1").message });
    expect(answer.data.values).toEqual({ sku: "VAP-1" });
  });

  it("says a refusal about the whole form above it", () => {
    const error = new StatusChangeError("Refused.");
    const answer = domainErrorReply(error);
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toEqual({ ok: false, message: "Refused." });
  });

  it("says a field the form does not show above the form, and a summary beside the field when asked", () => {
    const other = domainErrorReply(new AccountError("Not here.", "email", 422), { fields: ["reason"] });
    expect(other.init?.status).toBe(422);
    expect(other.data).toEqual({ ok: false, message: "Not here." });
    const both = domainErrorReply(new AddressError("Wrong ZIP.", "zip"), { summary: (m) => `Error: ${m}` });
    expect(both.data).toEqual({ ok: false, message: "Error: Wrong ZIP.", fieldErrors: { zip: "Wrong ZIP." } });
    const order = domainErrorReply(new OrderRefusedError("Gone.", "addressId"), { summary: (m) => m, data: 1 });
    expect(order.data).toEqual({ ok: false, message: "Gone.", fieldErrors: { addressId: "Gone." }, data: 1 });
  });

  it("rethrows anything that is not a refusal: a bug is not the user's to fix", () => {
    const bug = new TypeError("x is undefined");
    expect(() => domainErrorReply(bug)).toThrow(bug);
    expect(new SkuTakenError("A").name).toBe("SkuTakenError");
    expect(new SkuTakenError("A")).toBeInstanceOf(DomainError);
  });
});
