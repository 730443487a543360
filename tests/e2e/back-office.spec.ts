import "./support/env";
import { parse } from "csv-parse/sync";
import { zipSync } from "fflate";
import { extractText, getDocumentProxy } from "unpdf";
import { MAX_IMPORT_ROWS } from "../../app/.server/catalog/csv/read";
import { insertProductsInBulk } from "../../app/.server/catalog/product-writes";
import { getDb } from "../../app/.server/db/instance";
import { applyRowLimit } from "../../app/.server/flows/catalog-import/apply";
import * as MESSAGES from "../../app/lib/messages";
import * as BACK_OFFICE_MESSAGES from "../../app/lib/messages/back-office";
import * as FORM_MESSAGES from "../../app/lib/messages/forms";
import * as IMPORT_MESSAGES from "../../app/lib/messages/imports";
import * as LINE_EDITOR_MESSAGES from "../../app/lib/messages/line-editor";
import * as LINE_IMPORT_MESSAGES from "../../app/lib/messages/line-import";
import * as VOLUME_MESSAGES from "../../app/lib/messages/volume-prices";
import { submitLogin } from "./support/account";
import {
  apiSignedIn,
  freshProduct,
  imageKeys,
  logInOn,
  otherPerson,
  placeOrderFor,
  pngImage,
  productRow,
  stockOf,
  tag,
} from "./support/admin";
import { expectNoSeriousViolations } from "./support/axe";
import { answerQuestion } from "./support/confirm";
import { createAdminAccount, createCustomer } from "./support/data";
import { expect, logIn, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";

async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, " ");
}

test.describe("back office: documents @desktop-only", () => {
  test("the customer opens the invoice of their order; the admin the invoice and the packing slip", {
    tag: "@smoke",
  }, async ({ page, browser }) => {
    test.setTimeout(90_000);
    const customer = await createCustomer();
    const name = `Invoiced ${tag()}`;
    const product = await freshProduct({ name, priceCents: 1250, stock: 10 });
    const orderId = await placeOrderFor(customer, [{ id: product, quantity: 3 }]);
    const sku = (await productRow(product))?.sku as string;

    await logIn(page, customer);
    await page.goto(`/orders/${orderId}`);
    const invoice = page.getByRole("link", { name: "Invoice (PDF)" });
    await expect(invoice).toHaveAttribute("href", `/orders/${orderId}/invoice.pdf`);
    const own = await page.request.get(`/orders/${orderId}/invoice.pdf`);
    expect(own.status()).toBe(200);
    expect(own.headers()["content-type"]).toBe("application/pdf");
    const text = await pdfText(await own.body());
    expect(text).toContain(`Invoice · Order #${orderId}`);
    expect(text).toContain(sku);
    expect(text).toContain("Order total: $37.50");

    // Another customer gets the answer of an order that does not exist.
    const other = await apiSignedIn(await createCustomer());
    const theirs = await other.get(`/orders/${orderId}/invoice.pdf`);
    const missing = await other.get("/orders/2147483000/invoice.pdf");
    expect(theirs.status()).toBe(404);
    expect(missing.status()).toBe(404);
    expect(await theirs.text()).toBe(await missing.text());
    await other.dispose();

    const adminContext = await otherPerson(browser);
    const admin = await adminContext.newPage();
    await logInOn(admin, await createAdminAccount());
    await admin.goto("/admin/orders");
    const card = admin.getByRole("article", { name: `Order #${orderId}`, exact: true });
    await expect(card.getByRole("link", { name: `Invoice of order #${orderId}` })).toBeVisible();
    const slipLink = card.getByRole("link", { name: `Packing slip of order #${orderId}` });
    await expect(slipLink).toHaveAttribute("href", `/admin/orders/${orderId}/packing-slip.pdf`);
    const slip = await admin.request.get(`/admin/orders/${orderId}/packing-slip.pdf`);
    expect(slip.status()).toBe(200);
    const slipText = await pdfText(await slip.body());
    expect(slipText).toContain(`Packing slip · Order #${orderId}`);
    expect(slipText).toContain(name);
    expect(slipText).not.toContain("$");
    expect((await admin.request.get(`/orders/${orderId}/invoice.pdf`)).status()).toBe(200);
    await adminContext.close();
  });
});

test.describe("back office: catalog import @desktop-only", () => {
  test("the admin runs a dry run of a CSV, reads what it would do, then applies it", { tag: "@smoke" }, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const product = await freshProduct({ name: `Imported ${tag()}`, priceCents: 1000, stock: 5 });
    const sku = (await productRow(product))?.sku as string;
    const newSku = `NEW-${tag()}`;
    const csv = [
      "sku,name,category,price,stock,description,price_tiers,product_class",
      `${sku},Renamed ${sku},novelty,11.00,5,For the import journey,12:9.00;48:8.50,`,
      // Like a real new product: a description (the catalog's other journeys read the cards it adds).
      `${newSku},Fresh ${newSku},novelty,4.50,12,Added by the import journey,,novelty`,
      `BAD-${tag()},Bad,snacks,abc,-1,,,vape`,
      `BREAKS-${tag()},Breaks,novelty,5.00,1,,48:4.00;12:4.50,`,
    ].join("\n");

    await logIn(page, await createAdminAccount());
    await page.goto("/admin/products");
    await page.getByRole("link", { name: "Import CSV" }).click();
    await expect(page.getByRole("heading", { name: "Import products" })).toBeVisible();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.importTiersFormat)).toBeVisible();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.importImageUrlsReadOnly)).toBeVisible();
    // The values the chosen columns take are listed beside the columns (issue 37).
    await expect(page.getByText("product_class one of nicotine-vape, non-nicotine-vape, cannabinoid,")).toBeVisible();
    await page.getByLabel("Product CSV file").setInputFiles({
      name: "catalog.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await page.getByRole("button", { name: "Dry run" }).click();
    await expect(page.getByRole("heading", { name: "Dry run: catalog.csv" })).toBeVisible();
    const refused = page.getByRole("region", { name: "Refused rows" });
    await expect(refused).toContainText(`price: ${FORM_MESSAGES.priceFormat}`);
    await expect(refused).toContainText(`stock: ${MESSAGES.stockFormat}`);
    // A class the store does not know: the refusal lists the ones it does.
    await expect(refused).toContainText(
      'product_class: Product class "vape" does not exist. The product classes are: nicotine-vape, non-nicotine-vape, cannabinoid, kratom, glass, accessory, novelty, other.',
    );
    await expect(refused.getByRole("cell", { name: "4", exact: true })).toBeVisible();
    const changed = page.getByRole("region", { name: "Changed products" });
    await expect(changed).toContainText(`Renamed ${sku}`);
    await expect(changed).toContainText("$11.00");
    await expect(changed).toContainText("12:9.00;48:8.50");
    await expect(refused).toContainText(`price_tiers: ${VOLUME_MESSAGES.tierUnordered(2, "break")}`);
    await expect(page.getByRole("region", { name: "New products" })).toContainText(`Fresh ${newSku}`);
    // Nothing is written by the dry run.
    expect((await productRow(product))?.name).not.toBe(`Renamed ${sku}`);

    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("heading", { name: "Imported: catalog.csv" })).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: "Imported: 1 added, 1 changed, 0 deleted." }),
    ).toBeVisible();
    const row = await productRow(product);
    expect(row?.name).toBe(`Renamed ${sku}`);
    expect(row?.price_cents).toBe(1100);
    const breaks = await getDb()
      .selectFrom("price_tiers")
      .select(["min_quantity", "price_cents"])
      .where("product_id", "=", product)
      .orderBy("min_quantity")
      .execute();
    expect(breaks).toEqual([
      { min_quantity: 12, price_cents: 900 },
      { min_quantity: 48, price_cents: 850 },
    ]);
    const added = await getDb().selectFrom("products").selectAll().where("sku", "=", newSku).executeTakeFirst();
    expect(added?.stock).toBe(12);
    await page.screenshot({ path: `test-results/import-${test.info().project.name}.png`, fullPage: true });
  });

  test("the admin imports a line one row per variant: the dry run says each row, Apply makes the line whole", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const t = tag();
    const handle = `e2e-cloud-${t}`;
    const broken = `e2e-broken-${t}`;
    const header =
      "line_handle,line_name,option1_name,option1_value,option2_name,option2_value,sku,category,price,stock,description";
    const csv = [
      header,
      `${handle},Cloud ${t},Flavor,Mint,Nicotine,5%,CLD-MINT-${t},novelty,9.50,20,Made by the line import journey`,
      `${handle},Cloud ${t},Flavor,Grape,Nicotine,5%,CLD-GRAPE-${t},novelty,9.50,20,Made by the line import journey`,
      // A missing option value: refused, and the other row of its line waits with it.
      `${broken},Broken ${t},Flavor,Mint,Nicotine,,BRK-1-${t},novelty,5.00,1,`,
      `${broken},Broken ${t},Flavor,Grape,Nicotine,3%,BRK-2-${t},novelty,5.00,1,`,
    ].join("\n");

    await logIn(page, await createAdminAccount());
    await page.goto("/admin/import");
    await expect(page.getByRole("heading", { name: "Import products" })).toBeVisible();
    await expect(page.getByText(LINE_IMPORT_MESSAGES.importLinesHelp)).toBeVisible();
    await page.getByLabel("Product CSV file").setInputFiles({
      name: "lines.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await page.getByRole("button", { name: "Dry run" }).click();
    await expect(page.getByRole("heading", { name: "Dry run: lines.csv" })).toBeVisible();
    const lines = page.getByRole("region", { name: "Lines" });
    await expect(lines.getByRole("row").filter({ hasText: handle })).toContainText("New line");
    const refused = page.getByRole("region", { name: "Refused rows" });
    await expect(refused.getByRole("row").filter({ hasText: `BRK-1-${t}` })).toContainText(
      `option2_value: ${LINE_EDITOR_MESSAGES.optionValueMissing("Nicotine")}`,
    );
    await expect(refused.getByRole("row").filter({ hasText: `BRK-2-${t}` })).toContainText(
      LINE_IMPORT_MESSAGES.lineHeldBack(broken, 4),
    );
    const added = page.getByRole("region", { name: "New products" });
    await expect(added.getByRole("row").filter({ hasText: `CLD-GRAPE-${t}` })).toContainText(`Cloud ${t} Grape 5%`);
    await expectNoSeriousViolations(page, "catalog import, a line's dry run");

    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("heading", { name: "Imported: lines.csv" })).toBeVisible();
    await expect(
      page.getByRole("status").filter({ hasText: "Imported: 2 added, 0 changed, 0 deleted." }),
    ).toBeVisible();
    const variants = await getDb()
      .selectFrom("products")
      .innerJoin("product_lines", "product_lines.id", "products.line_id")
      .select(["products.sku", "products.option1", "product_lines.slug"])
      .where("products.sku", "like", `%-${t}`)
      .orderBy("products.position")
      .execute();
    expect(variants).toEqual([
      { sku: `CLD-MINT-${t}`, option1: "Mint", slug: handle },
      { sku: `CLD-GRAPE-${t}`, option1: "Grape", slug: handle },
    ]);
  });

  test("@desktop-only while Apply runs, the server that writes the rows sends how many are written and the bar draws them", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // Products of this test only, made old and dear so that no listing another test reads starts
    // with them, and deleted at the end.
    const prefix = `PRG-${tag()}`;
    const ROWS = 3000;
    const skus = Array.from({ length: ROWS }, (_, i) => `${prefix}-${String(i).padStart(4, "0")}`);
    const db = getDb();
    for (let i = 0; i < ROWS; i += 250) {
      await insertProductsInBulk(
        db,
        skus.slice(i, i + 250).map((sku) => ({
          sku,
          name: `zz Progress ${sku}`,
          description: "",
          price_cents: 99_999_00,
          stock: 5,
          category: "novelty",
          created_at: "2001-01-01T00:00:00.000Z",
          updated_at: "2001-01-01T00:00:00.000Z",
        })),
      );
    }
    try {
      await logIn(page, await createAdminAccount());
      await page.goto("/admin/import");
      await page.getByLabel("Product CSV file").setInputFiles({
        name: "progress.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(`sku,stock\n${skus.map((sku) => `${sku},6`).join("\n")}\n`),
      });
      await page.getByRole("button", { name: "Dry run" }).click();
      await expect(page.getByRole("heading", { name: "Dry run: progress.csv" })).toBeVisible();

      // Every value the bar is drawn with, and every sentence above it, as the page draws them.
      await page.evaluate(() => {
        const seen: { values: string[]; labels: string[] } = { values: [], labels: [] };
        (window as unknown as { seen: typeof seen }).seen = seen;
        new MutationObserver(() => {
          const bar = document.querySelector("progress#import-progress");
          const value = bar?.getAttribute("value");
          if (value !== null && value !== undefined && seen.values.at(-1) !== value) seen.values.push(value);
          const label = document.querySelector('label[for="import-progress"]')?.textContent ?? "";
          if (label && seen.labels.at(-1) !== label) seen.labels.push(label);
        }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      });
      // The server's answer as it came: progress lines while the rows are written, then the reply
      // (read here on its way to the page, which then gets it whole).
      let answer = "";
      await page.route("**/admin/import/apply*", async (route) => {
        const response = await route.fetch();
        answer = await response.text();
        await route.fulfill({ response, body: answer });
      });
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByRole("heading", { name: "Imported: progress.csv" })).toBeVisible();
      await expect(page.getByText("Imported: 0 added, 3,000 changed, 0 deleted.").first()).toBeVisible();
      await expect(page.locator("progress#import-progress")).toHaveCount(0);

      const lines = answer
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { progress?: { done: number; total: number } });
      const sent = lines.flatMap((l) => (l.progress ? [l.progress.done] : []));
      // Counts between none and all, from the request that writes them, never going back.
      expect(
        sent.some((v) => v > 0 && v < ROWS),
        `progress sent ${sent.join(", ")}`,
      ).toBe(true);
      expect(sent.every((v, i) => i === 0 || v >= (sent[i - 1] ?? 0))).toBe(true);
      expect(sent.at(-1)).toBe(ROWS);

      // What the page drew from them (as many as it had time to paint: a fast Apply may be drawn
      // once), never going back, each sentence in the words of the bar.
      const seen = await page.evaluate(
        () => (window as unknown as { seen: { values: string[]; labels: string[] } }).seen,
      );
      const values = seen.values.map(Number);
      expect(values.every((v, i) => i === 0 || v >= (values[i - 1] ?? 0))).toBe(true);
      expect(
        values.every((v) => sent.includes(v)),
        `bar values ${values.join(", ")}`,
      ).toBe(true);
      expect(
        seen.labels.filter((l) => l.startsWith("Applying…")).every((l) => /^Applying… [\d,]+ of 3,000 rows$/.test(l)),
        seen.labels.join(" | "),
      ).toBe(true);
      const stocks = await db.selectFrom("products").select("stock").where("sku", "like", `${prefix}-%`).execute();
      expect(stocks.length).toBe(ROWS);
      expect(stocks.every((r) => r.stock === 6)).toBe(true);
    } finally {
      await db.deleteFrom("products").where("sku", "like", `${prefix}-%`).execute();
    }
  });

  test("@desktop-only when the store's answer to Apply does not come, the admin is told to look before applying again", async ({
    page,
  }) => {
    const name = `Lost ${tag()}`;
    const product = await freshProduct({ name, priceCents: 1000, stock: 5 });
    const sku = (await productRow(product))?.sku as string;
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/import");
    await page.getByLabel("Product CSV file").setInputFiles({
      name: "lost.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`sku,name\n${sku},Found ${sku}\n`),
    });
    await page.getByRole("button", { name: "Dry run" }).click();
    await expect(page.getByRole("heading", { name: "Dry run: lost.csv" })).toBeVisible();
    // A proxy between the admin and the store answers instead of it, then the connection drops.
    await page.route("**/admin/import/apply", (route) =>
      route.fulfill({ status: 502, contentType: "text/html", body: "<h1>Bad Gateway</h1>" }),
    );
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.importConnectionLost)).toBeVisible();
    await expect(
      page.getByText(
        "The connection to the store was lost before the import answered. Reload the page and look at the products to see whether it was applied.",
      ),
    ).toBeVisible();
    await page.unroute("**/admin/import/apply");
    await page.route("**/admin/import/apply", (route) => route.abort("connectionreset"));
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(BACK_OFFICE_MESSAGES.importConnectionLost)).toBeVisible();
    expect((await productRow(product))?.name).toBe(name);
    // With the store reachable again, the same Apply goes through.
    await page.unroute("**/admin/import/apply");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByRole("heading", { name: "Imported: lost.csv" })).toBeVisible();
    expect((await productRow(product))?.name).toBe(`Found ${sku}`);
  });

  test("a file that is not a CSV is refused with what to do", async ({ page }) => {
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/import");
    await page.getByLabel("Product CSV file").setInputFiles({
      name: "prices.csv",
      mimeType: "text/csv",
      buffer: Buffer.from([...Buffer.from("sku,name\nA,caf"), 0xe9, 10]),
    });
    await page.getByRole("button", { name: "Dry run" }).click();
    await expect(page.getByRole("alert").filter({ hasText: MESSAGES.importNotUtf8 })).toBeVisible();
    await page.getByLabel("Product CSV file").setInputFiles({
      name: "list.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("name,price\nGum,1.00\n"),
    });
    await page.getByRole("button", { name: "Dry run" }).click();
    await expect(page.getByRole("alert").filter({ hasText: MESSAGES.importNoSkuColumn })).toBeVisible();
  });

  test("a file that writes more products than the built-in database takes at once is refused by its dry run, with no Apply", async ({
    page,
  }) => {
    const limit = applyRowLimit(getDb());
    test.skip(limit === null, "PostgreSQL applies a whole file at once");
    const writes = (limit ?? 0) + 1;
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/import");
    await expect(
      page.getByText(BACK_OFFICE_MESSAGES.importEmbeddedDatabaseLimit(limit ?? 0, MAX_IMPORT_ROWS)),
    ).toBeVisible();
    const prefix = `BIG-${tag()}`;
    const rows = Array.from({ length: writes }, (_, i) => `${prefix}-${i},Big ${i},novelty,1.00,1`);
    await page.getByLabel("Product CSV file").setInputFiles({
      name: "everything.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`sku,name,category,price,stock\n${rows.join("\n")}\n`),
    });
    await page.getByRole("button", { name: "Dry run" }).click();
    await expect(page.getByText(IMPORT_MESSAGES.importTooManyWrites(writes, limit ?? 0))).toBeVisible();
    await expect(page.getByRole("heading", { name: "Dry run: everything.csv" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);
  });

  test("@desktop-only the admin downloads the catalog and the orders as CSV", async ({ page }) => {
    const name = `=Exported ${tag()}`;
    const product = await freshProduct({ name, priceCents: 2599, stock: 3 });
    const sku = (await productRow(product))?.sku as string;
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/products");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c))) as string[][];
    // One row per variant, its line's handle, name and options first (issue 38).
    expect(rows[0]).toEqual([
      "line_handle",
      "line_name",
      "option1_name",
      "option1_value",
      "option2_name",
      "option2_value",
      "option3_name",
      "option3_value",
      "sku",
      "name",
      "category",
      "price",
      "stock",
      "low_stock_threshold",
      "description",
      "case_pack",
      "min_quantity",
      "max_quantity",
      "price_tiers",
      "brand",
      "product_class",
      "flavor_class",
      "nicotine_mg_ml",
      "country",
      "upc",
      "thc_mg",
      "seven_oh_percent",
      "directory_states",
      "ml_per_unit",
      "cartridges_per_unit",
      "vape_system",
      "contains_nicotine",
      "image_urls",
    ]);
    const exported = rows.find((r) => r[8] === sku);
    expect(exported?.slice(9, 13)).toEqual([`'${name}`, "novelty", "25.99", "3"]);
    // A product of its own line: the line's name is its own, with no options.
    expect(exported?.slice(1, 8)).toEqual([`'${name}`, "", "", "", "", "", ""]);

    const customer = await createCustomer();
    const orderId = await placeOrderFor(customer, [{ id: product, quantity: 2 }]);
    await page.goto("/admin/orders");
    await page.getByText("Export orders (CSV)").click();
    await page.getByLabel("Status of the orders to export").selectOption("Processing");
    const orders = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const ordersFile = await orders;
    const orderRows = parse(
      await (await ordersFile.createReadStream()).toArray().then((c) => Buffer.concat(c)),
    ) as string[][];
    const line = orderRows.find((r) => r[0] === String(orderId));
    expect(line?.[2]).toBe("Processing");
    expect(orderRows[0]?.slice(11, 18)).toEqual([
      "order_subtotal",
      "order_excise",
      "order_delivery",
      "order_tax",
      "order_total",
      "po_number",
      "notes",
    ]);
    // The order's money in its parts (no excise here), then no PO number or notes: both empty.
    expect(line?.slice(11)).toEqual([
      "51.98",
      "0.00",
      "0.00",
      "0.00",
      "51.98",
      "",
      "",
      sku,
      `'${name}`,
      "2",
      "25.99",
      "51.98",
    ]);
  });
});

test.describe("back office: order editing @desktop-only", () => {
  test("the admin changes a quantity and adds a product; stock, total, history and the customer's mail follow", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const customer = await createCustomer();
    const first = await freshProduct({ name: `Edited ${tag()}`, priceCents: 1000, stock: 10 });
    const second = await freshProduct({ name: `Added ${tag()}`, priceCents: 250, stock: 10 });
    const firstName = (await productRow(first))?.name as string;
    const secondRow = await productRow(second);
    const orderId = await placeOrderFor(customer, [{ id: first, quantity: 2 }]);

    await logIn(page, await createAdminAccount());
    await page.goto("/admin/orders");
    await page.getByRole("link", { name: `Edit order #${orderId}` }).click();
    await expect(page.getByRole("heading", { name: `Order #${orderId}` })).toBeVisible();
    const lines = page.getByRole("region", { name: "Lines" });
    await expect(lines.getByTestId("order-total")).toHaveText("$20.00");

    await page.getByLabel(`Quantity of ${firstName}`).fill("5");
    await page.getByRole("button", { name: `Save quantity of ${firstName}` }).click();
    await expect(
      page.getByText(`${firstName} (${(await productRow(first))?.sku}) quantity 2 to 5. New total $50.00.`),
    ).toBeVisible();
    await expect(lines.getByTestId("order-total")).toHaveText("$50.00");
    expect(await stockOf(first)).toBe(5);

    await page.getByLabel("Product SKU").fill(secondRow?.sku as string);
    await page.getByLabel("Quantity to add").fill("4");
    await page.getByRole("button", { name: "Add to order" }).click();
    await expect(lines.getByTestId("order-total")).toHaveText("$60.00");
    await expect(lines).toContainText(secondRow?.name as string);
    expect(await stockOf(second)).toBe(6);

    // More than the stock: refused with the reason, nothing changes.
    await page.getByLabel(`Quantity of ${firstName}`).fill("50");
    await page.getByRole("button", { name: `Save quantity of ${firstName}` }).click();
    await expect(page.getByText(MESSAGES.orderEditNoStock(firstName, 5))).toBeVisible();
    expect(await stockOf(first)).toBe(5);

    const history = page.getByRole("region", { name: "History" });
    await expect(history).toContainText(`quantity 2 to 5; total $20.00 to $50.00`);
    await expect(history).toContainText(`added 4 × ${secondRow?.name}`);
    await page.screenshot({ path: `test-results/order-edit-${test.info().project.name}.png`, fullPage: true });

    const mail = await waitForMail(customer.email, new RegExp(`Order #${orderId} was changed`));
    expect(mail.text).toContain("New total: $50.00");

    await answerQuestion(
      page,
      page.getByRole("button", { name: `Cancel order #${orderId}` }),
      BACK_OFFICE_MESSAGES.confirmCancelOrder,
      true,
    );
    await expect(page.getByText(BACK_OFFICE_MESSAGES.orderNotEditable("Cancelled"))).toBeVisible();
    expect(await stockOf(first)).toBe(10);
    expect(await stockOf(second)).toBe(10);
  });
});

test.describe("back office: users", () => {
  test("@desktop-only the admin disables a signed-in customer: signed out at once, log-in refused; re-enabled", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const customer = await createCustomer();
    const shopperContext = await otherPerson(browser);
    const shopper = await shopperContext.newPage();
    await logInOn(shopper, customer);
    await shopper.goto("/account/settings");
    await expect(shopper).toHaveURL(/\/account\/settings$/);

    await logIn(page, await createAdminAccount());
    await page.goto(`/admin/users?q=${encodeURIComponent(customer.email)}`);
    const row = page.getByRole("row").filter({ hasText: customer.email });
    await answerQuestion(
      page,
      row.getByRole("button", { name: `Disable ${customer.email}` }),
      BACK_OFFICE_MESSAGES.confirmDisableUser,
      true,
    );
    await expect(page.getByText(MESSAGES.userDisabled(customer.name))).toBeVisible();
    await expect(row.getByText("Disabled", { exact: true })).toBeVisible();

    // The customer's next page is a visitor's, and logging in again is refused with the reason.
    await shopper.goto("/account/settings");
    await expect(shopper).toHaveURL(/\/login\?redirectTo=/);
    await submitLogin(shopper, customer.email, customer.password);
    await expect(shopper.getByText(MESSAGES.accountDisabled)).toBeVisible();

    // Dismissing the confirmation does nothing.
    const reEnable = row.getByRole("button", { name: `Re-enable ${customer.email}` });
    await answerQuestion(page, reEnable, BACK_OFFICE_MESSAGES.confirmEnableUser, false);
    await expect(row.getByText("Disabled", { exact: true })).toBeVisible();
    await answerQuestion(page, reEnable, BACK_OFFICE_MESSAGES.confirmEnableUser, true);
    await expect(page.getByText(MESSAGES.userEnabled(customer.name))).toBeVisible();
    await expect(row.getByText("Disabled", { exact: true })).toHaveCount(0);
    await page.screenshot({ path: "test-results/users-desktop.png" });
    await shopperContext.close();
  });
});

test.describe("back office: low stock @desktop-only", () => {
  test("the report lists products at or under their threshold; the admin sets one per product", async ({ page }) => {
    const name = `Scarce ${tag()}`;
    const product = await freshProduct({ name, priceCents: 500, stock: 40 });
    await logIn(page, await createAdminAccount());
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Low stock" }).click();
    await expect(page.getByRole("heading", { name: /^Low stock/ })).toBeVisible();
    const list = page.getByRole("list", { name: "Products low on stock" });
    await expect(list.getByRole("link", { name })).toHaveCount(0);
    await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
    // Its own threshold, set from the report once it shows: here straight in the database first.
    await getDb().updateTable("products").set({ low_stock_threshold: 50 }).where("id", "=", product).execute();
    await page.goto("/admin/stock");
    await expect(list.getByRole("link", { name })).toBeVisible();
    await expect(list.getByRole("listitem").filter({ hasText: name })).toContainText("40 left (threshold 50)");
    await page.getByLabel(`Low-stock threshold of ${name}`).fill("10");
    await page.getByRole("button", { name: `Save threshold of ${name}` }).click();
    const sku = (await productRow(product))?.sku as string;
    await expect(page.getByText(BACK_OFFICE_MESSAGES.productThresholdSet(sku, 10))).toBeVisible();
    await expect(list.getByRole("link", { name })).toHaveCount(0);
    await page.screenshot({ path: `test-results/stock-${test.info().project.name}.png`, fullPage: true });
  });
});

test.describe("back office: low stock in the product form @desktop-only", () => {
  test("the admin sets a product's own threshold next to its stock, and empties it for the store-wide one", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const name = `Thresholded ${tag()}`;
    const product = await freshProduct({ name, priceCents: 500, stock: 40 });
    await logIn(page, await createAdminAccount());
    const report = page.getByRole("list", { name: "Products low on stock" });

    // The add form has the field too, empty: the store-wide threshold.
    await page.goto("/admin/products/new");
    await expect(page.getByLabel("Low-stock threshold")).toHaveValue("");
    await expect(page.getByText(BACK_OFFICE_MESSAGES.lowStockThresholdHint)).toBeVisible();

    await page.goto(`/admin/products/${product}`);
    const field = page.getByLabel("Low-stock threshold");
    await expect(field).toHaveValue("");
    await field.fill("-3");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(MESSAGES.thresholdFormat)).toBeVisible();

    await page.getByLabel("Low-stock threshold").fill("50");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`${name} saved.`)).toBeVisible();
    await page.goto("/admin/stock");
    await expect(report.getByRole("listitem").filter({ hasText: name })).toContainText("40 left (threshold 50)");

    // Emptied: the store-wide threshold (5 until set) applies again and 40 is not low.
    await page.goto(`/admin/products/${product}`);
    await expect(page.getByLabel("Low-stock threshold")).toHaveValue("50");
    await page.getByLabel("Low-stock threshold").fill("");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(`${name} saved.`)).toBeVisible();
    await page.goto("/admin/stock");
    await expect(page.getByRole("heading", { name: /^Low stock/ })).toBeVisible();
    await expect(report.getByRole("link", { name })).toHaveCount(0);
    expect((await productRow(product))?.low_stock_threshold).toBeNull();
  });
});

test.describe("back office: images in bulk @desktop-only", () => {
  test("images and ZIP files named by SKU go to their products; the page says what went where and what was skipped, and why", async ({
    page,
  }) => {
    const name = `Pictured ${tag()}`;
    const product = await freshProduct({ name, priceCents: 100, stock: 1 });
    const sku = (await productRow(product))?.sku as string;
    const stranger = `NOPE-${tag()}`;
    const zip = Buffer.from(
      zipSync({
        [`shots/${sku}-2.png`]: new Uint8Array(await pngImage(60, 40, [30, 30, 200])),
        [`shots/${stranger}.png`]: new Uint8Array(await pngImage(60, 40, [30, 200, 30])),
        "shots/notes.txt": new TextEncoder().encode("not an image"),
        [`__MACOSX/shots/._${sku}-2.png`]: new Uint8Array([0, 5, 22, 7]),
      }),
    );
    await logIn(page, await createAdminAccount());
    await page.goto("/admin/products");
    await page.getByRole("link", { name: "Images in bulk" }).click();
    await page.getByLabel("Images or ZIP files").setInputFiles([
      { name: `${sku}.png`, mimeType: "image/png", buffer: await pngImage(60, 40, [200, 30, 30]) },
      { name: `${sku}-3.jpg`, mimeType: "image/jpeg", buffer: Buffer.from("not an image") },
      { name: "photos.zip", mimeType: "application/zip", buffer: zip },
    ]);
    await page.getByRole("button", { name: "Upload" }).click();
    // Two images for one product; skipped: the broken JPEG, the unknown SKU, the text file, the hidden file.
    await expect(page.getByText(BACK_OFFICE_MESSAGES.bulkImagesDone(2, 1, 4))).toBeVisible();
    expect(BACK_OFFICE_MESSAGES.bulkImagesDone(2, 1, 4)).toBe("2 images attached to 1 product; 4 files skipped.");
    const attached = page.getByRole("list", { name: "Attached" });
    const got = attached.getByRole("listitem", { name: `${name} (${sku})` });
    await expect(got.getByRole("link", { name })).toHaveAttribute("href", `/admin/products/${product}`);
    await expect(got).toContainText(`${sku}.png: image 1`);
    await expect(got).toContainText(`photos.zip/shots/${sku}-2.png: image 2`);
    const skipped = page.getByRole("list", { name: "Skipped" });
    await expect(skipped).toContainText(`${sku}-3.jpg: not a JPEG, PNG, WebP, GIF or AVIF image.`);
    await expect(skipped).toContainText(
      `photos.zip/shots/${stranger}.png: No product has the SKU this file is named after.`,
    );
    await expect(skipped).toContainText("photos.zip/shots/notes.txt: No product has the SKU this file is named after.");
    await expect(skipped).toContainText(
      "photos.zip: 1 hidden or system file skipped (__MACOSX, names starting with a dot).",
    );
    expect(await imageKeys(product)).toHaveLength(2);
    await expectNoSeriousViolations(page, "images in bulk, after an upload");

    // The same image again: nothing attached, and the page says it is there already.
    const red = await pngImage(60, 40, [200, 30, 30]);
    await page
      .getByLabel("Images or ZIP files")
      .setInputFiles([{ name: `${sku}.png`, mimeType: "image/png", buffer: red }]);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByRole("alert")).toHaveText("No image attached; 1 file skipped.");
    await expect(page.getByRole("list", { name: "Skipped" })).toHaveText(
      `${sku}.png: Already image 1 of ${name} (${sku}): not added again.`,
    );
    expect(await imageKeys(product)).toHaveLength(2);
  });
});
