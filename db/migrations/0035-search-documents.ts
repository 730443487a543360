import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * The catalog's search index (issue 38; decision 0053).
 *
 * - search_documents: one row per product, what a buyer may type to find it, and its name (the
 *   order results are shown in, read from the document alone: no join before the sort). words: the name,
 *   the brand and flavor class (product_compliance) and the category's words ("disposable-vapes"
 *   is "disposable vapes", as the menu names it); codes: the SKU and the UPC. When products
 *   become lines with variants, a line's document is its row here, with its variants' SKUs and
 *   UPCs in codes and their option values in words.
 *   SQLite: search_fts, an FTS5 index over it (unicode61, diacritics folded, prefix indexes of
 *   2 and 3 characters) kept by triggers on search_documents. PostgreSQL: a generated tsvector
 *   column ('simple': no stemming, no stop words) under a GIN index; the text is folded (lower
 *   case, common Latin accents) and cut at every character that is not a letter or a digit
 *   first, so both databases cut words where the app's query tokenizer does.
 * - search_codes: every code of a product, lower-cased (its SKU, its UPC), for the exact jump
 *   "a SKU or UPC typed goes straight to its product". With variants: a variant's codes.
 * - search_terms: the words of the documents (letters in them; numbers left out), append-only:
 *   the vocabulary typos are corrected against. A word no document holds any more stays (a
 *   correction to it finds nothing); ids only grow, so an app server reads only the new ones.
 * - search_synonyms: phrase → synonym, one way ("geekbar" → "geek bar"); an equivalence is two
 *   rows. Lower-case words separated by single spaces, as the query tokenizer cuts them.
 *
 * Triggers keep the documents in the transaction of every write: a product's name, SKU or
 * category; its compliance facts' brand, flavor class or UPC; products added or removed
 * (forms, the catalog import, scripts and tests alike). A stock or price change touches none
 * of it. On PostgreSQL inserts are refreshed per statement (the bench's and the import's bulk
 * inserts run one refresh per batch); changes per row, only when a searched column changed.
 */

/** Characters the SQLite vocabulary trigger cuts words at (the app re-cuts each word it reads). */
const CUT = [
  " ",
  "\t",
  "\n",
  "\r",
  '"',
  "\\",
  "-",
  "–",
  "—",
  ",",
  ".",
  "(",
  ")",
  "/",
  "#",
  "&",
  "+",
  "'",
  "!",
  "?",
  ":",
  ";",
  "[",
  "]",
  "{",
  "}",
  "*",
  "%",
  "@",
  "$",
  "^",
  "=",
  "_",
  "<",
  ">",
  "|",
  "~",
  "`",
  "°",
  "®",
  "™",
  "×",
];

const ACCENTED = "ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖòóôõöÙÚÛÜùúûüÑñÇçÝýÿ";
const PLAIN = "AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCcYyy";

/** A document's words from its product row `p` and compliance row `c` (left joined). */
const WORDS = `p.name || ' ' || coalesce(c.brand, '') || ' ' || coalesce(c.flavor_class, '') || ' ' || replace(p.category, '-', ' ')`;
const CODES = `p.sku || ' ' || coalesce(c.upc, '')`;

const sqliteText = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** SQLite: the statements that make product `id`'s document and codes what its rows say now. */
function sqliteRefresh(id: string): string {
  return `
    insert into search_documents (product_id, name, words, codes)
      select p.id, p.name, ${WORDS}, ${CODES} from products p left join product_compliance c on c.product_id = p.id
      where p.id = ${id}
      on conflict (product_id) do update set name = excluded.name, words = excluded.words, codes = excluded.codes
      where search_documents.words is not excluded.words or search_documents.codes is not excluded.codes
        or search_documents.name is not excluded.name;
    delete from search_codes where product_id = ${id};
    insert into search_codes (code, product_id) select lower(p.sku), p.id from products p where p.id = ${id}
      on conflict do nothing;
    insert into search_codes (code, product_id)
      select lower(trim(c.upc)), c.product_id from product_compliance c join products p on p.id = c.product_id
      where c.product_id = ${id} and trim(coalesce(c.upc, '')) <> ''
      on conflict do nothing;`;
}

/** SQLite: the words of `text` into search_terms (a JSON array made by cutting at spaces, read by json_each). */
function sqliteTerms(text: string): string {
  let cleaned = `lower(${text})`;
  for (const ch of CUT.slice(1)) cleaned = `replace(${cleaned}, ${sqliteText(ch)}, ' ')`;
  const array = `'["' || replace(${cleaned}, ' ', '","') || '"]'`;
  // ON CONFLICT, not OR IGNORE: a trigger's OR clause gives way to the statement that fired it.
  return `insert into search_terms (term)
      select value from json_each((select case when json_valid(j) then j else '[]' end from (select ${array} as j)))
      where length(value) >= 2 and value glob '*[^0-9]*'
      on conflict (term) do nothing;`;
}

const SQLITE_TRIGGERS: Record<string, string> = {
  search_products_ai: `after insert on products begin ${sqliteRefresh("new.id")} end`,
  search_products_au: `after update of name, sku, category on products
    when old.name is not new.name or old.sku is not new.sku or old.category is not new.category
    begin ${sqliteRefresh("new.id")} end`,
  search_products_ad: `after delete on products begin
    delete from search_documents where product_id = old.id;
    delete from search_codes where product_id = old.id;
  end`,
  search_compliance_ai: `after insert on product_compliance begin ${sqliteRefresh("new.product_id")} end`,
  search_compliance_au: `after update of brand, flavor_class, upc, product_id on product_compliance
    when old.brand is not new.brand or old.flavor_class is not new.flavor_class or old.upc is not new.upc
      or old.product_id is not new.product_id
    begin ${sqliteRefresh("old.product_id")} ${sqliteRefresh("new.product_id")} end`,
  search_compliance_ad: `after delete on product_compliance begin ${sqliteRefresh("old.product_id")} end`,
  search_fts_ai: `after insert on search_documents begin
    insert into search_fts (rowid, words, codes) values (new.product_id, new.words, new.codes);
    ${sqliteTerms("new.words")}
  end`,
  search_fts_ad: `after delete on search_documents begin
    insert into search_fts (search_fts, rowid, words, codes) values ('delete', old.product_id, old.words, old.codes);
  end`,
  search_fts_au: `after update on search_documents begin
    insert into search_fts (search_fts, rowid, words, codes) values ('delete', old.product_id, old.words, old.codes);
    insert into search_fts (rowid, words, codes) values (new.product_id, new.words, new.codes);
    ${sqliteTerms("new.words")}
  end`,
};

/** PostgreSQL: lower case, common Latin accents plain. */
const pgFold = (text: string) => `lower(translate(${text}, '${ACCENTED}', '${PLAIN}'))`;

const PG_FUNCTIONS = [
  `create function search_refresh(ids integer[]) returns void language plpgsql as $$
    begin
      insert into search_documents (product_id, name, words, codes)
        select p.id, p.name, ${WORDS}, ${CODES} from products p left join product_compliance c on c.product_id = p.id
        where p.id = any(ids)
        order by p.id
        on conflict (product_id) do update set name = excluded.name, words = excluded.words, codes = excluded.codes
        where (search_documents.name, search_documents.words, search_documents.codes)
          is distinct from (excluded.name, excluded.words, excluded.codes);
      delete from search_codes where product_id = any(ids);
      insert into search_codes (code, product_id)
        select lower(p.sku), p.id from products p where p.id = any(ids)
        union
        select lower(trim(c.upc)), c.product_id from product_compliance c join products p on p.id = c.product_id
        where c.product_id = any(ids) and trim(coalesce(c.upc, '')) <> ''
        on conflict do nothing;
      -- New words in one order, so two writers adding the same words never wait on each other in a circle.
      insert into search_terms (term)
        select distinct w from search_documents d,
          regexp_split_to_table(${pgFold("d.words")}, '[^[:alnum:]]+') w
        where d.product_id = any(ids) and length(w) >= 2 and w ~ '[^0-9]'
        order by w
        on conflict (term) do nothing;
    end $$`,
  `create function search_inserted_products() returns trigger language plpgsql as $$
    begin
      perform search_refresh(array(select id from new_rows));
      return null;
    end $$`,
  `create function search_changed_product() returns trigger language plpgsql as $$
    begin
      perform search_refresh(array[new.id]);
      return null;
    end $$`,
  `create function search_inserted_facts() returns trigger language plpgsql as $$
    begin
      perform search_refresh(array(select product_id from new_rows));
      return null;
    end $$`,
  `create function search_deleted_facts() returns trigger language plpgsql as $$
    begin
      perform search_refresh(array(select product_id from old_rows));
      return null;
    end $$`,
  `create function search_changed_facts() returns trigger language plpgsql as $$
    begin
      perform search_refresh(array[old.product_id, new.product_id]);
      return null;
    end $$`,
];

const PG_TRIGGERS = [
  `create trigger search_products_ins after insert on products referencing new table as new_rows
    for each statement execute function search_inserted_products()`,
  `create trigger search_products_upd after update of name, sku, category on products for each row
    when ((old.name, old.sku, old.category) is distinct from (new.name, new.sku, new.category))
    execute function search_changed_product()`,
  `create trigger search_compliance_ins after insert on product_compliance referencing new table as new_rows
    for each statement execute function search_inserted_facts()`,
  `create trigger search_compliance_del after delete on product_compliance referencing old table as old_rows
    for each statement execute function search_deleted_facts()`,
  `create trigger search_compliance_upd after update of brand, flavor_class, upc, product_id on product_compliance
    for each row when ((old.brand, old.flavor_class, old.upc, old.product_id)
      is distinct from (new.brand, new.flavor_class, new.upc, new.product_id))
    execute function search_changed_facts()`,
];

/**
 * Synonyms a supplier of this trade starts with: brands written as one word or two, what buyers
 * call a disposable, shorthand of the hemp aisle.
 */
const SYNONYMS: [string, string][] = [
  ["geekbar", "geek bar"],
  ["elfbar", "elf bar"],
  ["lostmary", "lost mary"],
  ["rawgarden", "raw garden"],
  ["disposable", "vape"],
  ["ecig", "vape"],
  ["e cig", "vape"],
  ["bong", "water pipe"],
  ["d8", "delta 8"],
  ["d9", "delta 9"],
  ["preroll", "pre roll"],
  ["7oh", "7 hydroxy"],
  ["shisha", "hookah"],
];

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const serial = pg ? sql`integer generated by default as identity` : sql`integer`;

  await db.schema
    .createTable("search_documents")
    .addColumn("product_id", "integer", (c) => c.primaryKey().references("products.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("words", "text", (c) => c.notNull())
    .addColumn("codes", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("search_codes")
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("search_codes_pk", ["code", "product_id"])
    .execute();
  await db.schema.createIndex("search_codes_product_idx").on("search_codes").column("product_id").execute();
  await db.schema
    .createTable("search_terms")
    .addColumn("id", serial, (c) => c.primaryKey())
    .addColumn("term", "text", (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createTable("search_synonyms")
    .addColumn("phrase", "text", (c) => c.notNull())
    .addColumn("synonym", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("search_synonyms_pk", ["phrase", "synonym"])
    .execute();
  await db
    .insertInto("search_synonyms")
    .values(
      SYNONYMS.flatMap(([a, b]) => [
        { phrase: a, synonym: b },
        { phrase: b, synonym: a },
      ]),
    )
    .execute();

  if (pg) {
    const text = pgFold("words || ' ' || codes");
    await sql
      .raw(`alter table search_documents add column document tsvector
        generated always as (to_tsvector('simple'::regconfig, regexp_replace(${text}, '[^[:alnum:]]+', ' ', 'g'))) stored`)
      .execute(db);
    await sql`create index search_documents_document_idx on search_documents using gin (document)`.execute(db);
    for (const f of PG_FUNCTIONS) await sql.raw(f).execute(db);
    for (const t of PG_TRIGGERS) await sql.raw(t).execute(db);
    await sql`select search_refresh(array(select id from products))`.execute(db);
    return;
  }
  await sql`create virtual table search_fts using fts5(words, codes, content='search_documents',
    content_rowid='product_id', tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
  for (const [name, body] of Object.entries(SQLITE_TRIGGERS))
    await sql.raw(`create trigger ${name} ${body}`).execute(db);
  // Every product's document, through the triggers on search_documents (the index, the words).
  await sql
    .raw(`insert into search_documents (product_id, name, words, codes)
      select p.id, p.name, ${WORDS}, ${CODES} from products p left join product_compliance c on c.product_id = p.id`)
    .execute(db);
  await sql`insert or ignore into search_codes (code, product_id) select lower(sku), id from products`.execute(db);
  await sql`insert or ignore into search_codes (code, product_id)
    select lower(trim(c.upc)), c.product_id from product_compliance c join products p on p.id = c.product_id
    where trim(coalesce(c.upc, '')) <> ''`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    for (const [table, names] of [
      ["products", ["search_products_ins", "search_products_upd"]],
      ["product_compliance", ["search_compliance_ins", "search_compliance_del", "search_compliance_upd"]],
    ] as const)
      for (const name of names) await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db);
    for (const f of PG_FUNCTIONS) {
      const name = /create function (\w+)\(([^)]*)\)/.exec(f);
      if (name) await sql.raw(`drop function if exists ${name[1]}(${name[2]})`).execute(db);
    }
  } else {
    for (const name of Object.keys(SQLITE_TRIGGERS)) await sql.raw(`drop trigger if exists ${name}`).execute(db);
    await sql`drop table if exists search_fts`.execute(db);
  }
  for (const table of ["search_synonyms", "search_terms", "search_codes", "search_documents"])
    await db.schema.dropTable(table).ifExists().execute();
}
