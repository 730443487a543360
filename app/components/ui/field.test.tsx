import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SelectField } from "./field";

describe("SelectField", () => {
  it("draws its label, a first choice with no value, and its options (values alone or with labels)", () => {
    const html = renderToStaticMarkup(
      <SelectField
        id="s"
        label="Stock"
        name="stock"
        defaultValue="in"
        placeholder="Any"
        error="Pick one."
        options={["all", { value: "in", label: "In stock", className: "mark" }]}
      />,
    );
    expect(html).toContain('<label for="s"');
    expect(html).toMatch(/<select id="s"[^>]*aria-invalid="true"[^>]*aria-describedby="s-error"[^>]*name="stock"/);
    const options = [...html.matchAll(/<option ([^>]*)>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ['value=""', "Any"],
      ['value="all"', "all"],
      ['value="in" class="mark" selected=""', "In stock"],
    ]);
    expect(html).toContain('<p id="s-error" class="text-sm text-danger-600" role="alert">Pick one.</p>');
  });

  it("is the one select of the forms: no page writes its own labelled select", () => {
    // The sort menu of a listing (its label beside it, submitted on change) and the per-order
    // status menu of the orders list (named per row, submitted on change) are controls, not fields.
    const allowed = new Set(["components/ui/field.tsx", "components/listing-controls.tsx", "routes/admin/orders.tsx"]);
    const files = fs
      .readdirSync("app", { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"));
    const own = files.filter((f) => !allowed.has(f) && /<select\b/.test(fs.readFileSync(path.join("app", f), "utf8")));
    expect(own).toEqual([]);
    const orders = fs.readFileSync("app/routes/admin/orders.tsx", "utf8");
    expect(orders.match(/<select\b/g)).toHaveLength(1);
  });
});
