import { describe, expect, it } from "vitest";
import { z } from "zod";
import { hiddenText, idOrNull } from "./params";

/** A form's hidden fields: a post that leaves one out reads as none (the action then answers 404), not as a problem. */
describe("hidden form fields", () => {
  const schema = z.object({ id: idOrNull, token: hiddenText(8) });

  it("read a missing id as null and missing text as empty", () => {
    expect(schema.parse({})).toEqual({ id: null, token: "" });
  });

  it("read an id and cut the text", () => {
    expect(schema.parse({ id: "42", token: "abcdefghijk" })).toEqual({ id: 42, token: "abcdefgh" });
    expect(schema.parse({ id: "x", token: 5 })).toEqual({ id: null, token: "" });
  });
});
