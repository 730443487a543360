import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import type { ProductImage } from "~/lib/images";
import * as MESSAGES from "~/lib/messages";
import * as IMPORT_MESSAGES from "~/lib/messages/imports";
import { optionColumns } from "~/lib/product-lines";
import { cellToTierText, parseTiers, type Tier } from "~/lib/tiers";
import { type Actor, type AuditEntry, recordAudits } from "../../audit/log";
import { COMPLIANCE_COLUMNS, headerOf, PRODUCT_COLUMNS, TIERS_COLUMN, type Value } from "../../catalog/csv/columns";
import type { ReadResult } from "../../catalog/csv/read";
import { LOOKUP_BATCH } from "../../catalog/csv/rows";
import { refreshLineFacets } from "../../catalog/facets";
import { brandNamed, createLine, settleLines, updateLine } from "../../catalog/lines";
import { type Counter, lockCounters, lockProducts } from "../../catalog/product-locks";
import { insertProduct, insertVariants, type ProductInput, updateProductsColumns } from "../../catalog/product-writes";
import { refreshSearchLater, refreshSearchNow } from "../../catalog/search/refresh";
import { dialectOf } from "../../db/connect";
import type { DB, ProductComplianceTable } from "../../db/schema";
import { sqlNow } from "../../db/time";
import { replaceTiers } from "../../pricing/tiers";
import { DomainError } from "../../runtime/domain-error";
import { log } from "../../runtime/log";
import { removeUnusedImageFiles } from "../product-admin";
import type { LinePlan } from "./lines";
import { type ImportPlan, lineWrites, planImport, writesOf } from "./plan";

/**
 * Apply of a catalog import (issue 17): the file's plan, made again inside one transaction, is
 * written if it is still what the dry run showed. Products go through the catalog's own writes,
 * their compliance facts into product_compliance, their quantity breaks through pricing, and each
 * change into the audit log.
 */

/**
 * The most products one Apply writes (adds, changes and deletes together) on the embedded
 * database (SQLite). An Apply is one transaction, all or nothing, and on SQLite that transaction
 * holds the one connection: every other request that reads or writes the database waits until it
 * commits. Measured on the 2-core reference machine (npm run bench:import, docs/performance.md):
 * about 0.1 ms a row, so 10,000 rows keep pages waiting about a second; 50,000 rows, five. Rows a
 * file leaves unchanged are not written and do not count. On PostgreSQL other requests go on
 * (only the products being written wait) and the file's own limit (MAX_IMPORT_ROWS) is the only
 * one. Decision 0024.
 */
export const MAX_APPLY_ROWS_EMBEDDED = 10_000;

/** The most rows an Apply may write on this database, or null when only the file's limit applies. */
export function applyRowLimit(db: Kysely<DB>): number | null {
  return dialectOf(db) === "sqlite" ? MAX_APPLY_ROWS_EMBEDDED : null;
}

const NEW_PRODUCT_DEFAULTS: Partial<Record<string, Value>> = { description: "" };

/** The breaks of a cell the plan accepted. */
function tiersOf(cell: Value): Tier[] {
  const read = parseTiers(cellToTierText(String(cell ?? "")), Number.MAX_SAFE_INTEGER, 1, "break");
  if (!read.ok) throw new Error(read.message);
  return read.tiers;
}

/** Splits a row's values into the product's own columns, its compliance facts and its breaks (or null: untouched). */
function byTable(values: Record<string, Value>): {
  own: Record<string, Value>;
  facts: Record<string, Value>;
  tiers: Tier[] | null;
} {
  const own: Record<string, Value> = {};
  const facts: Record<string, Value> = {};
  let tiers: Tier[] | null = null;
  for (const [column, value] of Object.entries(values)) {
    if (column === TIERS_COLUMN) tiers = tiersOf(value);
    else if (COMPLIANCE_COLUMNS.some((c) => c.column === column)) facts[column] = value;
    else own[column] = value;
  }
  return { own, facts, tiers };
}

/** Writes compliance facts of a product (the row is made if it has none yet). */
async function writeFacts(trx: Transaction<DB>, productId: number, facts: Record<string, Value>): Promise<void> {
  if (Object.keys(facts).length === 0) return;
  const set = { ...facts, updated_at: sqlNow(dialectOf(trx)) } as unknown as Updateable<ProductComplianceTable>;
  await trx
    .insertInto("product_compliance")
    .values({ ...set, product_id: productId } as Insertable<ProductComplianceTable>)
    .onConflict((oc) => oc.column("product_id").doUpdateSet(set))
    .execute();
}

/** Columns whose change moves the prices counter (migration 0011: the product's, or its breaks). */
const PRICE_COLUMNS: readonly string[] = ["price_cents", "case_pack", "min_quantity", TIERS_COLUMN];
/** Columns whose change leaves the catalog counter alone (migration 0002); a stock may cross zero. */
const NOT_CATALOG_COLUMNS: readonly string[] = [...PRICE_COLUMNS, "max_quantity", "low_stock_threshold"];

/** The counters of cache_versions an apply of the plan can move (more rather than fewer). */
function importCounters(plan: ImportPlan, valuesOf: (row: number) => Record<string, Value>): Counter[] {
  const counters = new Set<Counter>();
  // A deleted product takes its images, facts, breaks and group prices with it.
  if (plan.deleted.length) counters.add("catalog").add("prices");
  if (plan.added.length || lineWrites(plan) || plan.changed.some((c) => c.options)) counters.add("catalog");
  // A new product's price is inserted (no trigger); its case pack, minimum and breaks are written after.
  for (const a of plan.added)
    if (Object.keys(valuesOf(a.row)).some((c) => c !== "price_cents" && PRICE_COLUMNS.includes(c)))
      counters.add("prices");
  for (const c of plan.changed) {
    const columns = PRODUCT_COLUMNS.filter((col) => c.changes.some((ch) => ch.field === col.header)).map(
      (col) => col.column,
    );
    if (columns.some((col) => PRICE_COLUMNS.includes(col))) counters.add("prices");
    if (columns.some((col) => !NOT_CATALOG_COLUMNS.includes(col))) counters.add("catalog");
  }
  return [...counters];
}

/** Hears how many of the apply's rows are written so far (inside its transaction). */
export type ProgressCallback = (done: number, total: number) => void;

/**
 * How long an apply runs between turns given back to the event loop. On SQLite every query is
 * synchronous, so without these turns a 10,000-row apply would hold the process for seconds:
 * its own streamed progress could not leave, nor another request be read. Other requests still
 * wait for the database connection the transaction holds; they are only read and queued.
 */
const YIELD_EVERY_MS = 50;

/** Lets the event loop run what waits (sockets, timers) before going on. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export class ImportChangedError extends DomainError {
  constructor() {
    super(MESSAGES.importCatalogChanged, { status: 409 });
  }
}

/** A plan that writes more rows than the database takes in one Apply (applyRowLimit): nothing was written. */
export class ImportTooLargeError extends DomainError {
  constructor(
    readonly plan: ImportPlan,
    readonly limit: number,
  ) {
    super(IMPORT_MESSAGES.importTooManyWrites(writesOf(plan), limit), { status: 422 });
  }
}

/**
 * Applies a file in one transaction, if what it would do is still what the dry run showed
 * (`digest`); otherwise, or if anything fails, nothing is written. Refused rows are left out.
 * A plan writing more rows than `maxRows` (by default the database's limit, applyRowLimit) throws
 * ImportTooLargeError before anything is written.
 * Products are written with the catalog's own write functions (the catalog version triggers
 * move as for a single edit); each product changed is recorded in the audit log.
 */
export async function applyImport(
  db: Kysely<DB>,
  read: Extract<ReadResult, { ok: true }>,
  digest: string,
  actor: Actor,
  options: { onProgress?: ProgressCallback; maxRows?: number | null } = {},
): Promise<{ plan: ImportPlan; applied: boolean }> {
  const removed: ProductImage[] = [];
  const maxRows = options.maxRows === undefined ? applyRowLimit(db) : options.maxRows;
  const result = await db.transaction().execute(async (trx) => {
    const plan = await planImport(trx, read);
    if (plan.digest !== digest) return { plan, applied: false };
    const total = writesOf(plan);
    if (maxRows !== null && total > maxRows) throw new ImportTooLargeError(plan, maxRows);
    let done = 0;
    let lastTurn = performance.now();
    // `statement`: a bulk statement wrote these rows; its progress is given its turn to leave at once.
    const wrote = async (rows: number, statement = false) => {
      done += rows;
      options.onProgress?.(done, total);
      if (statement || performance.now() - lastTurn >= YIELD_EVERY_MS) {
        await nextTurn();
        lastTurn = performance.now();
      }
    };
    // PostgreSQL: every product the file changes or deletes is held first, by id (decision 0005),
    // before anything is written: the file's row order is not the order orders take rows in.
    await lockProducts(trx, [...plan.changed.map((c) => c.id), ...plan.deleted.map((d) => d.id)], "update");
    const byRow = new Map(read.rows.map((r) => [r.row, r]));
    // Then the counters it will move, by name, when it moves both: its rows would take them in
    // the file's order (a price before a name, a name before breaks).
    await lockCounters(
      trx,
      importCounters(plan, (row) => byRow.get(row)?.values ?? {}),
    );
    // The search documents of what it writes are refreshed once, at the end (PostgreSQL; decision 0063),
    // and its audit entries are written together there: one statement a row, not three.
    await refreshSearchLater(trx);
    const written: number[] = [];
    const audits: AuditEntry[] = [];
    options.onProgress?.(0, total);
    await nextTurn();
    // The file's lines first (issue 38): new ones made, changed ones written, as the line editor does.
    const lineIds = new Map<string, number>();
    for (const line of plan.lines) {
      lineIds.set(line.handle, await writeLine(trx, line, audits));
      if (line.id === null || line.changes.length) await wrote(1);
    }
    const nextPosition = new Map(plan.lines.map((l) => [l.handle, l.nextPosition]));
    // A variant whose values another row of its line takes (two flavors swapped) is moved out of the
    // way first, or the line's unique index would refuse the first of them half way.
    // (Its version is left for the write below, which checks it.)
    for (const c of plan.changed)
      if (c.options)
        await trx
          .updateTable("products")
          .set({ option1: `~moving~${c.id}`, option2: "", option3: "" })
          .where("id", "=", c.id)
          .execute();
    // New variants of the file's lines go in together, a few statements for all; a row with no
    // line makes a line of its own as the product form does. Their lines are settled once, below.
    const adding = plan.added.map((a) => {
      const values = {
        ...NEW_PRODUCT_DEFAULTS,
        ...byRow.get(a.row)?.values,
        ...plan.overrides.get(a.row),
      } as Record<string, Value>;
      const { own, facts, tiers } = byTable(values);
      const { sku, name, description, price_cents, stock, category, ...rest } = own;
      const lineId = a.line === undefined ? undefined : lineIds.get(a.line);
      const position = a.line === undefined ? 0 : (nextPosition.get(a.line) ?? 0);
      if (a.line !== undefined) nextPosition.set(a.line, position + 1);
      const input: ProductInput = {
        sku: String(sku),
        name: String(name),
        description: String(description ?? ""),
        priceCents: Number(price_cents),
        stock: Number(stock),
        category: String(category),
        ...(lineId === undefined ? {} : { line: { id: lineId, options: a.options ?? [], position, settle: false } }),
        columns: rest,
      };
      return { a, values, facts, tiers, input };
    });
    const variants = adding.flatMap(({ input }) => (input.line ? [{ ...input, line: input.line }] : []));
    const variantIds = new Map(
      (await insertVariants(trx, variants, (rows) => wrote(rows, true))).map(
        (id, i) => [variants[i]?.sku as string, id] as const,
      ),
    );
    for (const { a, values, facts, tiers, input } of adding) {
      const variantId = variantIds.get(input.sku);
      const id = variantId ?? (await insertProduct(trx, input, []));
      written.push(id);
      await writeFacts(trx, id, Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== null)));
      if (tiers?.length) await replaceTiers(trx, id, tiers, actor);
      audits.push({
        action: "product.import",
        subjectType: "product",
        subjectId: id,
        summary: `Imported ${a.sku} (${a.name}): added`,
        after: Object.fromEntries(Object.entries(values).map(([k, v]) => [headerOf(k), v])),
      });
      // A variant was counted with its statement.
      if (variantId === undefined) await wrote(1);
    }
    const changing = plan.changed.map((c) => {
      const values = { ...byRow.get(c.row)?.values, ...plan.overrides.get(c.row) };
      const set = Object.fromEntries(
        PRODUCT_COLUMNS.filter((col) => c.changes.some((ch) => ch.field === col.header)).map((col) => [
          col.column,
          values[col.column] ?? null,
        ]),
      );
      const { own, facts, tiers } = byTable(set);
      if (c.options) Object.assign(own, optionColumns(c.options));
      return { c, own, facts, tiers };
    });
    // The product's version moves even when only its facts change: a form opened before sees it.
    // A checkout does not move the version: a sale committed after the plan read the stock (on
    // PostgreSQL, while this runs) must not be overwritten by the file's count.
    const updated = await updateProductsColumns(
      trx,
      changing.map(({ c, own }) => ({ id: c.id, set: own, version: c.version, stockWas: c.stockWas })),
      (rows) => wrote(rows, true),
    );
    if (updated !== changing.length) throw new ImportChangedError();
    for (const { c, facts, tiers } of changing) {
      written.push(c.id);
      await writeFacts(trx, c.id, facts);
      if (tiers) await replaceTiers(trx, c.id, tiers, actor);
      audits.push({
        action: "product.import",
        subjectType: "product",
        subjectId: c.id,
        summary: `Imported ${c.sku}: ${c.changes.map((ch) => ch.field).join(", ")}`,
        before: Object.fromEntries(c.changes.map((ch) => [ch.field, ch.before])),
        after: Object.fromEntries(c.changes.map((ch) => [ch.field, ch.after])),
      });
    }
    // The lead and facets of each line the file made or changed, gave variants or whose variants'
    // values moved, once its variants are in (a line the file leaves as it is is left alone).
    const moved = new Set([
      ...plan.changed.flatMap((c) => (c.options ? [c.row] : [])),
      ...plan.added.map((a) => a.row),
    ]);
    await settleLines(
      trx,
      plan.lines.flatMap((line) => {
        const id = lineIds.get(line.handle);
        if (id === undefined) return [];
        return line.id === null || line.changes.length || line.rows.some((row) => moved.has(row)) ? [id] : [];
      }),
    );
    await refreshSearchNow(trx, written);
    await recordAudits(trx, actor, audits);
    if (plan.deleted.length) {
      await recordAudits(
        trx,
        actor,
        plan.deleted.map((d) => ({
          action: "product.import",
          subjectType: "product",
          subjectId: d.id,
          summary: `Imported ${d.sku} (${d.name}): deleted`,
        })),
      );
      const ids = plan.deleted.map((d) => d.id);
      for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
        const batch = ids.slice(i, i + LOOKUP_BATCH);
        removed.push(
          ...(await trx
            .selectFrom("product_images")
            .select(["media_key as key", "width", "height"])
            .where("product_id", "in", batch)
            .execute()),
        );
        const lines = await trx.selectFrom("products").select("line_id").where("id", "in", batch).execute();
        await trx.deleteFrom("products").where("id", "in", batch).execute();
        await refreshLineFacets(
          trx,
          lines.map((l) => l.line_id),
        );
        await wrote(batch.length);
      }
    }
    return { plan, applied: true };
  });
  // Past orders keep their own copies of deleted products; image files no product uses go.
  // The import is committed: a file that cannot be removed now is left, not reported as a failure.
  if (result.applied)
    await removeUnusedImageFiles(db, removed).catch((error) =>
      log.warn({ err: error }, "catalog import: unused image files were not removed"),
    );
  return result;
}

/**
 * Makes or changes a line of the file through the catalog's line writes (those the line editor
 * saves with), the change audited (in `audits`, written with the file's); returns its id. A new line keeps the file's handle as its
 * page's slug, so that the same file imported again finds it.
 */
async function writeLine(trx: Transaction<DB>, line: LinePlan, audits: AuditEntry[]): Promise<number> {
  const brandId = line.brand === undefined ? undefined : await brandNamed(trx, line.brand);
  if (line.id === null) {
    const id = await createLine(trx, {
      name: line.name,
      description: line.description,
      category: line.category,
      brandId: brandId ?? null,
      optionNames: line.optionNames,
      slug: line.handle,
    });
    audits.push({
      action: "line.create",
      subjectType: "product-line",
      subjectId: id,
      summary: `Imported line ${line.name} (${line.handle})`,
      after: { name: line.name, category: line.category, optionNames: line.optionNames.join(" / ") },
    });
    return id;
  }
  if (line.changes.length === 0) return line.id;
  const changed = new Set(line.changes.map((c) => c.field));
  await updateLine(trx, line.id, {
    ...(changed.has("line_name") ? { name: line.name } : {}),
    ...(changed.has("options") ? { optionNames: line.optionNames } : {}),
    ...(changed.has("category") ? { category: line.category } : {}),
    ...(changed.has("brand") && brandId !== undefined ? { brandId } : {}),
  });
  audits.push({
    action: "line.update",
    subjectType: "product-line",
    subjectId: line.id,
    summary: `Imported line ${line.name}: ${line.changes.map((c) => c.field).join(", ")}`,
    before: Object.fromEntries(line.changes.map((c) => [c.field, c.before])),
    after: Object.fromEntries(line.changes.map((c) => [c.field, c.after])),
  });
  return line.id;
}
