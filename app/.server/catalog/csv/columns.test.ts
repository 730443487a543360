import { describe, expect, it } from "vitest";
import { PRODUCT_COLUMNS } from "./columns";

function column(header: string) {
  const found = PRODUCT_COLUMNS.find((c) => c.header === header);
  if (!found) throw new Error(`no column ${header}`);
  return found;
}

describe("the catalog file's class columns", () => {
  it("name the classes a file may give when a cell names another (issue 37)", () => {
    expect(column("product_class").parse("vape")).toEqual({
      ok: false,
      error:
        'Product class "vape" does not exist. The product classes are: nicotine-vape, non-nicotine-vape, cannabinoid, kratom, glass, accessory, novelty, other.',
    });
    expect(column("flavor_class").parse("mint")).toEqual({
      ok: false,
      error: 'Flavor class "mint" does not exist. The flavor classes are: tobacco, menthol, flavored.',
    });
    expect(column("product_class").parse("kratom")).toEqual({ ok: true, value: "kratom" });
    expect(column("flavor_class").parse("")).toEqual({ ok: true, value: null });
  });
});
