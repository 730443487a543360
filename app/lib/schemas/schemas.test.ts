import { describe, expect, it } from "vitest";
import * as MESSAGES from "../messages";
import * as FORM_MESSAGES from "../messages/forms";
import { PASSWORDS_DO_NOT_MATCH, resetPasswordSchema } from "./account";
import { contactSchema } from "./contact";
import { idParam, pageParam } from "./params";
import { bulkUpdateSchema, productSchema } from "./product";

const product = {
  name: "Glass Pipe",
  price: "12.50",
  quantity: "3",
  category: "glass",
  description: "",
  sku: "GP-1",
};

describe("limits the databases can store", () => {
  it("refuses prices above $1,000,000 in the product form and the bulk edit", () => {
    const single = productSchema.safeParse({ ...product, price: "999999999.99" });
    expect(single.success).toBe(false);
    expect(single.error?.issues[0]?.message).toBe(FORM_MESSAGES.amountTooHigh("price", "$1,000,000.00"));
    const bulk = bulkUpdateSchema.safeParse({ ids: ["1"], price: "999999999.99" });
    expect(bulk.success).toBe(false);
    expect(productSchema.safeParse({ ...product, price: "1000000.00" }).success).toBe(true);
  });
});

describe("the product's own low-stock threshold", () => {
  it("is a whole number up to 1,000,000; empty is the store-wide one (null); absent leaves it unchanged", () => {
    expect(productSchema.parse({ ...product, lowStockThreshold: " 12 " }).lowStockThreshold).toBe(12);
    expect(productSchema.parse({ ...product, lowStockThreshold: "0" }).lowStockThreshold).toBe(0);
    expect(productSchema.parse({ ...product, lowStockThreshold: "" }).lowStockThreshold).toBeNull();
    expect(productSchema.parse(product).lowStockThreshold).toBeUndefined();
    for (const v of ["-3", "2.5", "many", "1000001"]) {
      const parsed = productSchema.safeParse({ ...product, lowStockThreshold: v });
      expect(parsed.success, v).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(MESSAGES.thresholdFormat);
    }
  });
});

describe("single-line text", () => {
  it("refuses line breaks of every kind in names", () => {
    for (const name of ["Pat\nEmail: x@y.z", "Pat\rX", "Pat\u2028X", "Pat\u0085X"]) {
      expect(contactSchema.safeParse({ name, email: "p@x.test", notRobot: "on" }).success, name).toBe(false);
      expect(productSchema.safeParse({ ...product, name }).success, name).toBe(false);
    }
  });
});

describe("ids and page numbers", () => {
  it("takes positive integers only", () => {
    expect(idParam("12")).toBe(12);
    for (const v of ["0", "-1", "1e3", "01x", "", "9".repeat(20), undefined]) expect(idParam(v), String(v)).toBeNull();
    expect(pageParam("3")).toBe(3);
    expect(pageParam("abc")).toBe(1);
  });
});

describe("the reset form", () => {
  const errorsOf = (input: Record<string, string>) =>
    resetPasswordSchema.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

  it("needs the password typed twice, the same", () => {
    expect(errorsOf({ token: "t", password: "long enough", confirmPassword: "long enough" })).toEqual([]);
    expect(errorsOf({ token: "t", password: "long enough", confirmPassword: "long enuogh" })).toEqual([
      ["confirmPassword", PASSWORDS_DO_NOT_MATCH],
    ]);
    expect(errorsOf({ token: "t", password: "short", confirmPassword: "other" })).toEqual([
      ["password", "Password must be at least 8 characters."],
      ["confirmPassword", PASSWORDS_DO_NOT_MATCH],
    ]);
    expect(errorsOf({ token: "t", password: "long enough" })).toEqual([
      ["confirmPassword", "Please confirm the new password."],
    ]);
  });
});
