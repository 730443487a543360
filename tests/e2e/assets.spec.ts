import { productWithImages, waitForHydration } from "./support/catalog";
import { expect, test } from "./support/fixtures";

test.describe("built assets @desktop-only", () => {
  test("scripts are sent compressed ahead of time, in the smallest form the browser accepts, cached for good", async ({
    request,
  }) => {
    const html = await (await request.get("/")).text();
    // React and React Router: the largest script every page loads.
    const script = /href="(\/assets\/framework-[\w-]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const plain = await request.get(script as string, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers()["content-encoding"]).toBeUndefined();
    const br = await request.get(script as string, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(br.headers()["content-encoding"]).toBe("br");
    expect(br.headers()["content-type"]).toContain("javascript");
    expect(br.headers()["cache-control"]).toContain("immutable");
    expect(br.headers().vary).toContain("Accept-Encoding");
    const gzip = await request.get(script as string, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    expect(await br.body()).toEqual(await plain.body());
    expect(await gzip.body()).toEqual(await plain.body());
    expect(Number(br.headers()["content-length"])).toBeLessThan(Number(gzip.headers()["content-length"]));
  });

  test("the toast library is fetched with the first toast, not with every page", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
    });
    const product = await productWithImages(1);
    await page.goto(`/products/details/${product.id}`);
    await waitForHydration(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.includes("sonner"))).toEqual([]);

    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page.getByText("Please login to add items to your cart.")).toBeVisible();
    expect(scripts.filter((s) => s.includes("sonner"))).toHaveLength(1);
  });
});
