import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { sameGtins } from "~/lib/gtin";
import type { ProductImage } from "~/lib/images";
import * as MESSAGES from "~/lib/messages";
import * as LINE_EDITOR_MESSAGES from "~/lib/messages/line-editor";
import { optionColumns, variantName } from "~/lib/product-lines";
import type { AddExistingInput, LineSaveInput, PostedVariant, VariantInput } from "~/lib/schemas/product-line";
import { variantField } from "~/lib/schemas/product-line";
import { type Tier, tiersToText } from "~/lib/tiers";
import { type Actor, changedFields, recordAudit } from "../audit/log";
import {
  deleteVariants,
  findLineVersion,
  holdLine,
  linesOfProducts,
  productIdsBySku,
  skuHolders,
  type VariantRow,
  variantIdsOf,
  variantRows,
} from "../catalog/line-variants";
import { brandNamed, createLine, findLineHead, type LineHead, settleLine, updateLine } from "../catalog/lines";
import { lockCounters, lockProducts } from "../catalog/product-locks";
import { insertProduct, updateProductColumns } from "../catalog/product-writes";
import { listLineVariants, listProductsByIds } from "../catalog/products";
import {
  type ComplianceFactsToSave,
  EMPTY_COMPLIANCE,
  findProductCompliance,
  saveProductCompliance,
} from "../compliance/facts";
import { upcHolders, upcsOf } from "../compliance/upc";
import type { DB } from "../db/schema";
import { listTiers, replaceTiers } from "../pricing/tiers";
import { DomainError } from "../runtime/domain-error";
import { removeUnusedImageFiles } from "./product-admin";

/**
 * The back office's product line editor (issue 38; decision 0056): a line's shared facts and its
 * variants, edited in one table and saved in one transaction: the line's version checked (a page
 * opened before someone else's save is refused), variants changed, added, removed or moved in from
 * other lines, the line's quantity breaks written to every variant not counted apart, each
 * variant named after the line and its values, every change audited.
 */

/** A variant as the editor's table shows it. */
export interface EditorVariant extends PostedVariant {
  name: string;
  position: number;
  options: string[];
  /** The line it moves in from (rows added from other lines), or null. */
  fromLine: string | null;
}

/** A new row made like a product: its selling unit and price, its facts copied on save. */
export interface LikeRow {
  like: number;
  name: string;
  priceCents: number;
  casePack: number;
  minQuantity: number;
  maxQuantity: number | null;
  apart: boolean;
}

export interface LineEditorPage {
  line: {
    id: number;
    slug: string;
    version: number;
    name: string;
    description: string;
    category: string;
    brand: string;
    puffs: number | null;
    optionNames: string[];
  };
  variants: EditorVariant[];
  /** The line's breaks: those of its first variant not counted apart. */
  tiers: Tier[];
}

/** The page's data of a line, or null when there is no such line. */
export async function loadLineEditor(db: Kysely<DB>, lineId: number): Promise<LineEditorPage | null> {
  const [head, version, products] = await Promise.all([
    findLineHead(db, lineId),
    findLineVersion(db, lineId),
    listLineVariants(db, lineId),
  ]);
  if (!head || version === null) return null;
  const together = products.find((p) => !p.priceApart);
  const tiers = together ? await listTiers(db, together.id) : [];
  return {
    line: {
      id: head.id,
      slug: head.slug,
      version,
      name: head.name,
      description: head.description,
      category: head.category,
      brand: head.brand?.name ?? "",
      puffs: head.puffs,
      optionNames: head.optionNames,
    },
    variants: products.map((p, i) => ({
      id: p.id,
      version: p.version,
      name: p.name,
      sku: p.sku,
      upc: p.upc,
      priceCents: p.priceCents,
      stock: p.stock,
      casePack: p.casePack,
      minQuantity: p.minQuantity,
      maxQuantity: p.maxQuantity,
      apart: p.priceApart,
      position: i + 1,
      options: p.options.slice(0, head.optionNames.length),
      fromLine: null,
    })),
    tiers,
  };
}

/** A new row like product `productId` ("Add a variant like this one"), or null when it is gone. */
export async function variantLike(db: Kysely<DB>, productId: number): Promise<LikeRow | null> {
  const [p] = await listProductsByIds(db, [productId]);
  if (!p) return null;
  return {
    like: p.id,
    name: p.name,
    priceCents: p.priceCents,
    casePack: p.casePack,
    minQuantity: p.minQuantity,
    maxQuantity: p.maxQuantity,
    apart: p.priceApart,
  };
}

/**
 * "Add existing products": the products of the SKUs typed, as rows of the table, to become
 * variants of the line on save. Their values of the options are theirs when their line had
 * options; else what their name says after the line's ("Cloud Blue Razz" in line "Cloud": Blue
 * Razz), for the admin to check. Refused (at the SKUs' field) for an unknown SKU or a product
 * already in the line or the table.
 */
export async function findProductsToAdd(
  db: Kysely<DB>,
  lineId: number | null,
  input: AddExistingInput,
): Promise<EditorVariant[]> {
  const ids = await productIdsBySku(db, input.skus);
  const unknown = input.skus.find((s) => !ids.has(s));
  if (unknown) throw new DomainError(LINE_EDITOR_MESSAGES.existingUnknown(unknown), { field: "existing" });
  // In the order typed.
  const products = await listProductsByIds(
    db,
    input.skus.map((s) => ids.get(s) as number),
  );
  const here = products.find((p) => p.lineId === lineId || input.inTable.includes(p.id));
  if (here) throw new DomainError(LINE_EDITOR_MESSAGES.existingAlreadyHere(here.sku), { field: "existing" });
  const lines = new Map<number, LineHead | null>();
  for (const p of products) if (!lines.has(p.lineId)) lines.set(p.lineId, await findLineHead(db, p.lineId));
  return products.map((p) => {
    const from = lines.get(p.lineId) ?? null;
    const own = p.options.slice(0, input.optionCount);
    const lineName = input.lineName.trim().toLowerCase();
    const rest = p.name.slice(input.lineName.trim().length).trim();
    const guessed =
      own.every((o) => o === "") && input.optionCount > 0 && lineName && p.name.toLowerCase().startsWith(`${lineName} `)
        ? [rest, ...own.slice(1)]
        : own;
    return {
      id: p.id,
      version: p.version,
      name: p.name,
      sku: p.sku,
      upc: p.upc,
      priceCents: p.priceCents,
      stock: p.stock,
      casePack: p.casePack,
      minQuantity: p.minQuantity,
      maxQuantity: p.maxQuantity,
      apart: p.priceApart,
      position: 0,
      options: guessed,
      fromLine: from?.name ?? null,
    };
  });
}

/** A save refused because the line or one of its variants changed since the page showed them. */
export class LineChangedError extends DomainError {
  constructor() {
    super(LINE_EDITOR_MESSAGES.lineChangedSinceOpened, { status: 409 });
  }
}

export class LineGoneError extends DomainError {
  constructor() {
    super(LINE_EDITOR_MESSAGES.lineNotFound, { status: 404 });
  }
}

/** Problems of several rows only the database knows (a SKU or UPC of another product, stock sold). */
export class LineRowsError extends DomainError {
  constructor(
    readonly problems: Record<string, string>,
    /** The stock now of rows whose stock was sold meanwhile, by their stock field. */
    readonly stockNow: Record<string, number> = {},
  ) {
    const [field, message] = Object.entries(problems)[0] ?? ["form", MESSAGES.checkTheFields];
    super(message, { status: 409, field });
  }
}

/** A SKU for a new variant left without one: the category's initials and random digits. */
async function newSku(trx: Transaction<DB>, category: string): Promise<string> {
  const prefix = category
    .split("-")
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
  for (;;) {
    const sku = `${prefix || "P"}-${crypto.randomBytes(4).toString("hex").toUpperCase()}`;
    if (!(await skuHolders(trx, [sku])).has(sku)) return sku;
  }
}

/** A variant's description: the line's, unless it has its own (a line without options has only the line's). */
function variantDescription(own: string, lineBefore: string | null, lineNow: string, optionCount: number): string {
  if (optionCount === 0) return lineNow;
  return own === "" || own === lineBefore ? lineNow : own;
}

/** What an audit entry shows of a variant. */
function variantAudit(v: {
  sku: string;
  name: string;
  priceCents: number;
  stock: number;
  category: string;
  casePack: number;
  minQuantity: number;
  maxQuantity: number | null;
  options: readonly string[];
  position: number;
  priceApart: boolean;
}) {
  return {
    sku: v.sku,
    name: v.name,
    priceCents: v.priceCents,
    stock: v.stock,
    category: v.category,
    casePack: v.casePack,
    minQuantity: v.minQuantity,
    maxQuantity: v.maxQuantity,
    options: v.options.filter(Boolean).join(" / "),
    position: v.position,
    priceApart: v.priceApart,
  };
}

function sameOptions(row: VariantRow, options: readonly string[]): boolean {
  const want = optionColumns(options);
  return row.options[0] === want.option1 && row.options[1] === want.option2 && row.options[2] === want.option3;
}

/**
 * Saves a line (lineId null: a new one) as the editor's table says, in one transaction. Refused,
 * with nothing written: LineChangedError when the line or a variant changed since the page showed
 * them (or a variant was added to the line meanwhile), LineRowsError for rows whose SKU or UPC
 * another product holds or whose stock was sold meanwhile, LineGoneError when the line is gone.
 */
export async function saveLine(
  db: Kysely<DB>,
  lineId: number | null,
  input: LineSaveInput,
  actor: Actor,
): Promise<{ lineId: number; name: string }> {
  const { removedImages, ...saved } = await db
    .transaction()
    .execute((trx) => saveLineInTransaction(trx, lineId, input, actor));
  await removeUnusedImageFiles(db, removedImages);
  return saved;
}

/**
 * saveLine's work in a transaction the caller holds (the demo store writes its lines and queues
 * their pictures in one): the pictures of the variants removed are returned, for the caller to
 * remove their files once it has committed (removeUnusedImageFiles).
 */
export async function saveLineInTransaction(
  trx: Transaction<DB>,
  lineId: number | null,
  input: LineSaveInput,
  actor: Actor,
): Promise<{ lineId: number; name: string; removedImages: ProductImage[] }> {
  let removedImages: ProductImage[] = [];
  const saved = await (async () => {
    const kept = input.variants.flatMap((v) => (v.id === null ? [] : [v.id]));
    const formIds = [...kept, ...input.removed.map((r) => r.id)];
    const formIdSet = new Set(formIds);
    // PostgreSQL (decision 0005): every product the save touches first, by id (the table's, the
    // line's own, the variants of the lines they leave, whose lead may move), then both counters.
    const lineOf = await linesOfProducts(trx, formIds);
    const fromLines = [...new Set([...lineOf.values()])].filter((l) => l !== lineId);
    const members = await variantIdsOf(trx, lineId === null ? fromLines : [lineId, ...fromLines]);
    await lockProducts(trx, [...formIds, ...members.map((m) => m.id)], "update");
    await lockCounters(trx, ["catalog", "prices"]);

    let before: LineHead | null = null;
    let tiersBefore = "";
    if (lineId !== null) {
      const version = await holdLine(trx, lineId);
      if (version === null) throw new LineGoneError();
      if (version !== input.version) throw new LineChangedError();
      before = await findLineHead(trx, lineId);
      // A variant added to the line since the page showed it (an import, another product's "like this").
      const own = await variantIdsOf(trx, [lineId]);
      if (own.some((m) => !formIdSet.has(m.id))) throw new LineChangedError();
      const firstTogether = (await listLineVariants(trx, lineId)).find((p) => !p.priceApart);
      tiersBefore = firstTogether ? tiersToText(await listTiers(trx, firstTogether.id)) : "";
    }
    const current = await variantRows(trx, formIds);
    for (const v of [...input.variants, ...input.removed]) {
      if (v.id === null) continue;
      const row = current.get(v.id);
      if (!row || row.version !== v.version) throw new LineChangedError();
    }
    const upcsBefore = await upcsOf(trx, kept);

    // What only the database knows, said at each row's field.
    const problems: Record<string, string> = {};
    const stockNow: Record<string, number> = {};
    const skuOwners = await skuHolders(
      trx,
      input.variants.flatMap((v) => (v.sku === null ? [] : [v.sku])),
    );
    const upcOwners = await upcHolders(
      trx,
      input.variants.flatMap((v) => (v.upc === null ? [] : [v.upc])),
    );
    for (const v of input.variants) {
      const skuOwner = v.sku === null ? undefined : skuOwners.get(v.sku);
      if (v.sku !== null && skuOwner !== undefined && !formIdSet.has(skuOwner))
        problems[variantField(v.row, "sku")] = MESSAGES.skuTaken(v.sku);
      const upc = v.upc;
      if (upc !== null && upcOwners.some((o) => !formIdSet.has(o.productId) && sameGtins(upc).includes(o.upc)))
        problems[variantField(v.row, "upc")] = LINE_EDITOR_MESSAGES.upcTaken(upc);
      const row = v.id === null ? undefined : current.get(v.id);
      if (row && v.stock !== v.stockSeen && row.stock !== v.stockSeen) {
        problems[variantField(v.row, "stock")] = MESSAGES.stockChangedSinceOpened(row.stock);
        stockNow[variantField(v.row, "stock")] = row.stock;
      }
    }
    if (Object.keys(problems).length) throw new LineRowsError(problems, stockNow);

    const head = {
      name: input.name,
      description: input.description,
      category: input.category,
      brandId: await brandNamed(trx, input.brand),
      optionNames: input.optionNames,
      puffs: input.puffs,
    };
    const id = lineId ?? (await createLine(trx, head));

    // What new variants copy of the products they are like, read before any of those goes.
    const likes = new Map<number, { facts: ComplianceFactsToSave; tiers: Tier[] }>();
    for (const like of new Set(input.variants.flatMap((v) => (v.like === null ? [] : [v.like])))) {
      const { labReport: _notCopied, ...facts } = await findProductCompliance(trx, like);
      likes.set(like, { facts, tiers: await listTiers(trx, like) });
    }

    // Removed variants go (past orders keep their copies of name and price).
    if (input.removed.length) {
      const gone = await listProductsByIds(
        trx,
        input.removed.map((r) => r.id),
      );
      removedImages = gone.flatMap((p) => p.images);
      await deleteVariants(
        trx,
        gone.map((p) => p.id),
      );
      for (const p of gone) {
        await recordAudit(trx, actor, {
          action: "product.delete",
          subjectType: "product",
          subjectId: p.id,
          summary: `Deleted ${p.sku} (${p.name}) from its line`,
          before: { sku: p.sku, name: p.name, priceCents: p.priceCents, stock: p.stock },
        });
      }
    }

    // Places in the grid: the order typed, then the table's.
    const ordered = [...input.variants].sort((a, b) => (a.position ?? 1000) - (b.position ?? 1000) || a.row - b.row);
    const place = new Map<VariantInput, number>(ordered.map((v, i) => [v, i]));
    const optionCount = input.optionNames.length;

    // First out of the way: a SKU or a combination of values that another row of the table takes
    // (two variants swapping flavors) would collide with the unique indexes half way.
    for (const v of input.variants) {
      const row = v.id === null ? undefined : current.get(v.id);
      if (!row || v.id === null) continue;
      const clearOptions = row.lineId !== id || !sameOptions(row, v.options);
      const clearSku = v.sku !== null && v.sku !== row.sku;
      if (clearOptions || clearSku) {
        await updateProductColumns(trx, v.id, {
          ...(clearOptions ? { option1: `~moving~${v.id}`, option2: "", option3: "" } : {}),
          ...(clearSku ? { sku: `~moving~${v.id}` } : {}),
        });
      }
    }

    const together: number[] = [];
    const added = new Set<number>();
    for (const v of input.variants) {
      const position = place.get(v) ?? 0;
      const name = variantName(input.name, v.options);
      if (v.id === null) {
        const sku = v.sku ?? (await newSku(trx, input.category));
        const pid = await insertProduct(
          trx,
          {
            sku,
            name,
            description: input.description,
            priceCents: v.priceCents,
            stock: v.stock,
            category: input.category,
            casePack: v.casePack,
            minQuantity: v.minQuantity,
            maxQuantity: v.maxQuantity,
            // The line is settled once every variant is in (below).
            line: { id, options: v.options, position, priceApart: v.apart, settle: false },
          },
          [],
        );
        added.add(pid);
        // Like a product: its compliance and excise facts (not its lab report, nor its UPC), and,
        // counted apart, its own breaks; the line's brand.
        const like = v.like === null ? undefined : likes.get(v.like);
        if (like || v.upc !== null || input.brand !== null) {
          const { labReport: _none, ...empty } = EMPTY_COMPLIANCE;
          await saveProductCompliance(trx, pid, { ...(like?.facts ?? empty), upc: v.upc, brand: input.brand }, actor);
        }
        if (v.apart && like) await replaceTiers(trx, pid, like.tiers, actor);
        if (!v.apart) together.push(pid);
        await recordAudit(trx, actor, {
          action: "product.create",
          subjectType: "product",
          subjectId: pid,
          summary: `Added ${sku} (${name}) to line ${input.name}`,
          after: variantAudit({ ...v, sku, name, category: input.category, position, priceApart: v.apart }),
        });
        continue;
      }
      const row = current.get(v.id) as VariantRow;
      const moving = row.lineId !== id;
      const correctsStock = v.stock !== v.stockSeen;
      const next = {
        sku: v.sku ?? row.sku,
        name,
        description: moving
          ? row.description || input.description
          : variantDescription(row.description, before?.description ?? null, input.description, optionCount),
        priceCents: v.priceCents,
        stock: correctsStock ? v.stock : row.stock,
        category: input.category,
        casePack: v.casePack,
        minQuantity: v.minQuantity,
        maxQuantity: v.maxQuantity,
        options: v.options,
        position,
        priceApart: v.apart,
      };
      const diff = changedFields(variantAudit(row), variantAudit(next));
      const touched = diff !== null || moving || next.description !== row.description || !sameOptions(row, v.options);
      if (touched) {
        await updateProductColumns(trx, v.id, {
          line_id: id,
          ...optionColumns(v.options),
          position,
          price_apart: v.apart ? 1 : 0,
          sku: next.sku,
          name,
          description: next.description,
          category: input.category,
          price_cents: v.priceCents,
          ...(correctsStock ? { stock: v.stock } : {}),
          case_pack: v.casePack,
          min_quantity: v.minQuantity,
          max_quantity: v.maxQuantity,
        });
      }
      if (moving) {
        await recordAudit(trx, actor, {
          action: "product.move",
          subjectType: "product",
          subjectId: v.id,
          summary: `Moved ${next.sku} (${row.name}) into line ${input.name}`,
          before: { line: row.lineId, ...diff?.before },
          after: { line: id, ...diff?.after },
        });
      } else if (diff) {
        await recordAudit(trx, actor, {
          action: "product.update",
          subjectType: "product",
          subjectId: v.id,
          summary: `Edited ${next.sku} in line ${input.name}: ${Object.keys(diff.after).join(", ")}`,
          before: diff.before,
          after: diff.after,
        });
      }
      if ((upcsBefore.get(v.id) ?? null) !== v.upc) {
        const { labReport: _kept, ...facts } = await findProductCompliance(trx, v.id);
        await saveProductCompliance(trx, v.id, { ...facts, upc: v.upc }, actor);
      }
      if (!v.apart) together.push(v.id);
    }

    // The line's breaks, on every variant they count together.
    for (const pid of together) {
      if (added.has(pid) && input.tiers.length === 0) continue;
      await replaceTiers(trx, pid, input.tiers, actor);
    }
    // The line's brand is every variant's compliance brand, which rules by brand read.
    const brand = input.brand;
    const inLine = await trx.selectFrom("products").select("id").where("line_id", "=", id).execute();
    for (const { id: pid } of inLine) {
      // A new variant has it already.
      if (added.has(pid)) continue;
      const { labReport: _kept, ...facts } = await findProductCompliance(trx, pid);
      if (facts.brand !== brand) await saveProductCompliance(trx, pid, { ...facts, brand }, actor);
    }
    // The line's shared facts last (a line without options follows its variant until then), its
    // version moved; its lead and the lead of every line a variant left (an emptied one goes).
    await updateLine(trx, id, head);
    await settleLine(trx, id);
    for (const from of fromLines) await settleLine(trx, from);

    const lineAudit = {
      name: input.name,
      description: input.description.length > 300 ? `${input.description.slice(0, 300)}…` : input.description,
      category: input.category,
      brand: input.brand,
      puffs: input.puffs,
      optionNames: input.optionNames.join(" / "),
      tiers: tiersToText(input.tiers),
    };
    const lineDiff = before
      ? changedFields(
          {
            name: before.name,
            description: before.description.length > 300 ? `${before.description.slice(0, 300)}…` : before.description,
            category: before.category,
            brand: before.brand?.name ?? null,
            puffs: before.puffs,
            optionNames: before.optionNames.join(" / "),
            tiers: tiersBefore,
          },
          lineAudit,
        )
      : { before: {}, after: lineAudit };
    const variantsChanged = input.removed.length > 0 || input.variants.some((v) => v.id === null);
    if (lineDiff || variantsChanged) {
      await recordAudit(trx, actor, {
        action: before ? "line.update" : "line.create",
        subjectType: "product-line",
        subjectId: id,
        summary: before
          ? `Edited line ${input.name}: ${input.variants.length} variant${input.variants.length === 1 ? "" : "s"}`
          : `Created line ${input.name} with ${input.variants.length} variant${input.variants.length === 1 ? "" : "s"}`,
        before: lineDiff?.before ?? null,
        after: {
          ...lineDiff?.after,
          ...(input.removed.length ? { removed: input.removed.length } : {}),
        },
      });
    }
    return { lineId: id, name: input.name };
  })();
  return { ...saved, removedImages };
}
