import type { Kysely, Transaction } from "kysely";
import { sameGtins } from "~/lib/gtin";
import * as LINE_EDITOR_MESSAGES from "~/lib/messages/line-editor";
import * as LINE_IMPORT_MESSAGES from "~/lib/messages/line-import";
import { parseOptionNames, variantName } from "~/lib/product-lines";
import { LINE_HANDLE_COLUMN, LINE_NAME_COLUMN, OPTION_VALUE_COLUMNS, type Value } from "../../catalog/csv/columns";
import type { ImportRow, ReadResult } from "../../catalog/csv/read";
import { LOOKUP_BATCH } from "../../catalog/csv/rows";
import { upcHolders } from "../../compliance/upc";
import type { DB } from "../../db/schema";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The lines of a catalog file (issue 38; decision 0057): its rows grouped by their line's handle,
 * each group checked as the line editor checks a line (one name, category, brand and set of option
 * names; each variant its own values of every option; no variant taken from another line), and
 * what each row becomes as a variant of it (its name after the line and its values, the line's
 * category). Read by the plan (plan.ts) before it compares rows with the catalog.
 */

/** What an import does to one line. */
export interface LinePlan {
  handle: string;
  /** The line's id; null: a new line, made by the apply. */
  id: number | null;
  name: string;
  description: string;
  category: string;
  /** The brand the file gives its rows (undefined: the file has no brand column). */
  brand: string | null | undefined;
  optionNames: string[];
  /** What changes of an existing line (empty for a new one and for one left as it is). */
  changes: { field: string; before: string; after: string }[];
  /** The file's rows of the line. */
  rows: number[];
  /** Where the line's new variants go in its grid: after its last one. */
  nextPosition: number;
}

/** What the file's lines make of its rows. */
export interface LineRows {
  lines: LinePlan[];
  /** The handle of each row of a line, by row. */
  handleOf: Map<number, string>;
  /** The values a row's variant takes from its line (name, category), by row. */
  overrides: Map<number, Record<string, Value>>;
  /** Each row's values of its line's options, by row. */
  options: Map<number, string[]>;
  /** Rows refused for their line, with why. */
  refused: Map<number, string[]>;
}

type Current = Record<string, Value> & { id: number; sku: string };

interface StoredLine {
  id: number;
  slug: string;
  name: string;
  description: string;
  category: string;
  optionNames: string[];
  brand: string | null;
}

async function linesBy(db: Db, column: "slug" | "id", keys: (string | number)[]): Promise<StoredLine[]> {
  const found: StoredLine[] = [];
  const unique = [...new Set(keys)];
  for (let i = 0; i < unique.length; i += LOOKUP_BATCH) {
    const batch = unique.slice(i, i + LOOKUP_BATCH);
    const rows = await db
      .selectFrom("product_lines as l")
      .leftJoin("brands as b", "b.id", "l.brand_id")
      .select(["l.id", "l.slug", "l.name", "l.description", "l.category", "l.option_names", "b.name as brand"])
      .where(column === "slug" ? "l.slug" : "l.id", "in", batch as never[])
      .execute();
    for (const r of rows) found.push({ ...r, optionNames: parseOptionNames(r.option_names) });
  }
  return found;
}

async function variantsOfLines(db: Db, ids: number[]) {
  const found: { id: number; lineId: number; sku: string; options: string[]; position: number }[] = [];
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    const rows = await db
      .selectFrom("products")
      .select(["id", "line_id", "sku", "option1", "option2", "option3", "position"])
      .where("line_id", "in", ids.slice(i, i + LOOKUP_BATCH))
      .execute();
    for (const r of rows)
      found.push({
        id: r.id,
        lineId: r.line_id,
        sku: r.sku,
        options: [r.option1, r.option2, r.option3],
        position: r.position,
      });
  }
  return found;
}

const comboKey = (values: readonly string[]) => JSON.stringify(values);

/** Groups the file's rows by line and checks each line; `current` is the catalog's products of the file's SKUs. */
export async function planLineRows(
  db: Db,
  read: Extract<ReadResult, { ok: true }>,
  current: Map<string, Current>,
): Promise<LineRows> {
  const result: LineRows = {
    lines: [],
    handleOf: new Map(),
    overrides: new Map(),
    options: new Map(),
    refused: new Map(),
  };
  const refuse = (row: number, reason: string) => result.refused.set(row, [...(result.refused.get(row) ?? []), reason]);

  const groups = new Map<string, ImportRow[]>();
  for (const r of read.rows) {
    if (r.delete || !r.line) continue;
    groups.set(r.line.handle, [...(groups.get(r.line.handle) ?? []), r]);
    result.handleOf.set(r.row, r.line.handle);
  }
  for (const r of read.refused) if (r.handle) result.handleOf.set(r.row, r.handle);

  if (groups.size > 0) {
    const stored = new Map((await linesBy(db, "slug", [...groups.keys()])).map((l) => [l.slug, l]));
    // The handles of the lines the file's known SKUs are in (to say where a variant is).
    const fileProducts = [...groups.values()].flat().flatMap((r) => {
      const p = current.get(r.sku);
      return p ? [p] : [];
    });
    const handles = new Map(
      (
        await linesBy(
          db,
          "id",
          fileProducts.map((p) => Number(p.line_id)),
        )
      ).map((l) => [l.id, l.slug]),
    );
    const members = await variantsOfLines(
      db,
      [...stored.values()].map((l) => l.id),
    );

    for (const [handle, rows] of groups) {
      const line = stored.get(handle) ?? null;
      const first = <T>(pick: (r: ImportRow) => T | undefined) => {
        for (const r of rows) {
          const v = pick(r);
          if (v !== undefined) return { row: r.row, value: v };
        }
        return undefined;
      };
      const named = first((r) => r.line?.name ?? undefined);
      const optionsGiven = first((r) => r.line?.optionNames ?? undefined);
      const categoryGiven = first((r) => ("category" in r.values ? String(r.values.category) : undefined));
      const brandGiven = first((r) => ("brand" in r.values ? ((r.values.brand as string | null) ?? null) : undefined));
      for (const r of rows) {
        if (named && r.line?.name != null && r.line.name !== named.value)
          refuse(r.row, `${LINE_NAME_COLUMN}: ${LINE_IMPORT_MESSAGES.lineDiffers(LINE_NAME_COLUMN, named.row)}`);
        if (optionsGiven && r.line?.optionNames && comboKey(r.line.optionNames) !== comboKey(optionsGiven.value))
          refuse(r.row, LINE_IMPORT_MESSAGES.lineDiffers("option names", optionsGiven.row));
        if (categoryGiven && "category" in r.values && String(r.values.category) !== categoryGiven.value)
          refuse(r.row, `category: ${LINE_IMPORT_MESSAGES.lineDiffers("category", categoryGiven.row)}`);
        if (brandGiven && "brand" in r.values && (r.values.brand ?? null) !== brandGiven.value)
          refuse(r.row, `brand: ${LINE_IMPORT_MESSAGES.lineDiffers("brand", brandGiven.row)}`);
        const product = current.get(r.sku);
        if (product && Number(product.line_id) !== line?.id)
          refuse(
            r.row,
            `${LINE_HANDLE_COLUMN}: ${LINE_IMPORT_MESSAGES.variantInOtherLine(r.sku, handles.get(Number(product.line_id)) ?? "")}`,
          );
      }
      const optionNames = optionsGiven?.value ?? line?.optionNames ?? [];
      const firstRow = rows[0] as ImportRow;
      const name =
        named?.value ?? line?.name ?? (firstRow.values.name === undefined ? "" : String(firstRow.values.name));
      if (!line && !named)
        for (const r of rows) refuse(r.row, `${LINE_NAME_COLUMN}: ${LINE_IMPORT_MESSAGES.newLineNeedsName}`);
      const category = categoryGiven?.value ?? line?.category ?? "";
      const own = members.filter((m) => m.lineId === line?.id);
      const inFile = new Set(rows.map((r) => r.sku));
      const others = own.filter((m) => !inFile.has(m.sku));
      // Other names of the options leave the values of variants the file does not give meaningless.
      if (line && comboKey(optionNames) !== comboKey(line.optionNames) && others.length)
        for (const r of rows) refuse(r.row, LINE_IMPORT_MESSAGES.optionNamesNeedEveryVariant(handle, others.length));
      if (optionNames.length === 0 && rows.length + others.length > 1)
        for (const r of rows) refuse(r.row, LINE_EDITOR_MESSAGES.optionNeeded);

      // Each variant's values: the row's, else (a file without option columns) the variant's own.
      const taken = new Map<string, string>(
        others.map((m) => [comboKey(m.options.slice(0, optionNames.length)), m.sku]),
      );
      const inRows = new Map<string, number>();
      for (const r of rows) {
        const product = current.get(r.sku);
        let values: string[];
        if (r.line?.optionNames) values = r.line.values;
        else if (product)
          values = [product.option1, product.option2, product.option3]
            .slice(0, optionNames.length)
            .map((v) => String(v ?? ""));
        else values = [];
        const missing = optionNames.findIndex((_, i) => (values[i] ?? "") === "");
        if (missing >= 0) {
          refuse(
            r.row,
            `${OPTION_VALUE_COLUMNS[missing]}: ${LINE_EDITOR_MESSAGES.optionValueMissing(optionNames[missing] ?? "")}`,
          );
          continue;
        }
        const key = comboKey(values);
        const sku = taken.get(key);
        const row = inRows.get(key);
        if (sku !== undefined) refuse(r.row, LINE_IMPORT_MESSAGES.optionsRepeatSku(sku));
        else if (row !== undefined) refuse(r.row, LINE_IMPORT_MESSAGES.optionsRepeatRow(row));
        else inRows.set(key, r.row);
        result.options.set(r.row, values);
        // The editor's rule: a variant of a line with options is named after the line and its values;
        // a line without options is its one variant, which a new line name renames.
        const variant =
          optionNames.length > 0
            ? variantName(name, values)
            : line && named && named.value !== line.name
              ? name
              : "name" in r.values && r.values.name !== null
                ? String(r.values.name)
                : name;
        result.overrides.set(r.row, { name: variant, ...(category ? { category } : {}) });
      }

      const changes: LinePlan["changes"] = [];
      if (line) {
        if (name !== line.name) changes.push({ field: LINE_NAME_COLUMN, before: line.name, after: name });
        if (comboKey(optionNames) !== comboKey(line.optionNames))
          changes.push({ field: "options", before: line.optionNames.join(" / "), after: optionNames.join(" / ") });
        if (category !== line.category) changes.push({ field: "category", before: line.category, after: category });
        const brand = brandGiven?.value;
        if (brand !== undefined && (brand ?? "").toLowerCase() !== (line.brand ?? "").toLowerCase())
          changes.push({ field: "brand", before: line.brand ?? "", after: brand ?? "" });
      }
      result.lines.push({
        handle,
        id: line?.id ?? null,
        name,
        description: line?.description ?? String(firstRow.values.description ?? ""),
        category,
        brand: brandGiven?.value,
        optionNames,
        changes,
        rows: rows.map((r) => r.row),
        nextPosition: own.reduce((max, m) => Math.max(max, m.position + 1), 0),
      });
    }
  }

  await checkUpcs(db, read, current, refuse);
  return result;
}

/**
 * A UPC is one product's: a row whose UPC another row of the file gives, or another product of the
 * catalog holds (as a UPC-A or the EAN-13 it makes), is refused. The check digit is the column's.
 */
async function checkUpcs(
  db: Db,
  read: Extract<ReadResult, { ok: true }>,
  current: Map<string, Current>,
  refuse: (row: number, reason: string) => void,
): Promise<void> {
  const rows = read.rows.filter((r) => !r.delete && typeof r.values.upc === "string" && r.values.upc !== "");
  if (rows.length === 0) return;
  const seen = new Map<string, number>();
  for (const r of rows) {
    const upc = String(r.values.upc);
    const at = sameGtins(upc)
      .map((c) => seen.get(c))
      .find((x) => x !== undefined);
    if (at !== undefined) refuse(r.row, `upc: ${LINE_IMPORT_MESSAGES.upcOnRow(upc, at)}`);
    else seen.set(upc, r.row);
  }
  const holders: { productId: number; upc: string }[] = [];
  for (let i = 0; i < rows.length; i += LOOKUP_BATCH)
    holders.push(
      ...(await upcHolders(
        db,
        rows.slice(i, i + LOOKUP_BATCH).map((r) => String(r.values.upc)),
      )),
    );
  if (holders.length === 0) return;
  for (const r of rows) {
    const upc = String(r.values.upc);
    const own = current.get(r.sku)?.id;
    if (holders.some((h) => h.productId !== own && sameGtins(upc).includes(h.upc)))
      refuse(r.row, `upc: ${LINE_EDITOR_MESSAGES.upcTaken(upc)}`);
  }
}
