import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * An order's money in parts and one total (issue 36; decision 0052).
 *
 * - orders.total_cents, which held the goods only, becomes orders.goods_cents (renamed: the sales
 *   summary's triggers and the report index follow the column; on PostgreSQL the summary's
 *   function that names it is replaced).
 * - orders.excise_cents (the excise the store collects: rules owed by the store), delivery_cents
 *   and tax_cents (the delivery fee and sales tax, 0 until those land) and a new total_cents:
 *   what the business owes for the order, the sum of the parts. The database refuses a row whose
 *   total is not that sum (a CHECK on PostgreSQL, a trigger on SQLite, which cannot add a CHECK
 *   to a table).
 * - Backfill: excise_cents from the order's stored excise lines owed by the store, total_cents
 *   the sum. Orders invoiced without their excise are not rewritten here: their invoices stay as
 *   issued, and a correction invoice for what was missing is issued by the app, audited
 *   (flows/order-life.ts, correctOrderBilling; decision 0052).
 * - invoices: an order may now have several invoices and credit notes (completed, cancelled and
 *   completed again; a correction), so the one-of-each-kind constraint becomes an index, and a
 *   document carries a memo (why it was issued: "Order #12 cancelled", a correction's reason).
 */
const PARTS = "goods_cents + excise_cents + delivery_cents + tax_cents";

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const wide = pg ? "bigint" : "integer";
  await sql`alter table orders rename column total_cents to goods_cents`.execute(db);
  for (const column of ["excise_cents", "delivery_cents", "tax_cents", "total_cents"]) {
    await db.schema
      .alterTable("orders")
      .addColumn(column, sql.raw(wide), (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await sql`update orders set excise_cents = coalesce((select sum(x.amount_cents) from order_line_excise x
      where x.order_id = orders.id and x.owed_by = 'store'), 0)`.execute(db);
  await sql.raw(`update orders set total_cents = ${PARTS}`).execute(db);

  if (pg) {
    await sql
      .raw(`alter table orders add constraint orders_total_is_its_parts check (total_cents = ${PARTS})`)
      .execute(db);
    await sql`alter table orders add constraint orders_parts_not_negative
      check (excise_cents >= 0 and delivery_cents >= 0 and tax_cents >= 0)`.execute(db);
    // The summary's order function named the column in its body (text): the same function, with
    // the goods, which is what the summary has always counted.
    const found = await sql<{
      def: string;
    }>`select pg_get_functiondef('sales_order(orders, integer, boolean)'::regprocedure) as def`.execute(db);
    const def = found.rows[0]?.def ?? "";
    const uses = def.match(/r\.total_cents/g)?.length ?? 0;
    if (uses === 0) throw new Error("migration 0033: sales_order() does not read r.total_cents");
    await sql.raw(def.replaceAll("r.total_cents", "r.goods_cents")).execute(db);
  } else {
    for (const when of ["insert", "update"]) {
      await sql
        .raw(`create trigger orders_total_is_its_parts_${when} before ${when} on orders
          when new.total_cents <> new.${PARTS.replaceAll(" + ", " + new.")}
            or new.excise_cents < 0 or new.delivery_cents < 0 or new.tax_cents < 0
          begin select raise(abort, 'orders: total_cents must be the sum of its parts'); end`)
        .execute(db);
    }
  }

  if (pg) {
    await sql`alter table invoices drop constraint invoices_order_kind_unique`.execute(db);
  } else {
    // SQLite keeps a table's UNIQUE constraint in its definition: the table is rebuilt without it.
    await rebuildInvoicesWithoutUnique(db);
  }
  await db.schema.createIndex("invoices_order_idx").on("invoices").columns(["order_id", "kind"]).execute();
  await db.schema.alterTable("invoices").addColumn("memo", "text").execute();
}

/**
 * SQLite keeps a table's UNIQUE constraint in its definition, so the table is built again without
 * it, the way SQLite's documentation says (ALTER TABLE, "other kinds of table schema changes"):
 * with foreign keys off, a new table, the rows copied, the old one dropped and the new one renamed;
 * invoice_lines and payment_applications name "invoices" in their foreign keys, which is then the
 * new table. Foreign keys cannot be switched off inside a transaction: the migrator runs SQLite
 * migrations outside one (Kysely's SQLite adapter has no transactional DDL), and this refuses to
 * run inside one rather than drop the invoices' lines through their cascade.
 */
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function rebuildInvoicesWithoutUnique(db: Kysely<any>): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  const off = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  if (off.rows[0]?.foreign_keys !== 0)
    throw new Error("migration 0033 rebuilds the invoices table: run it outside a transaction on SQLite");
  try {
    await db.transaction().execute(async (trx) => {
      await sql`create table invoices_new (
        id integer primary key autoincrement,
        number integer not null unique,
        kind text not null check (kind in ('invoice', 'credit')),
        business_id text not null,
        order_id integer not null references orders (id),
        terms text not null,
        issued_on text not null,
        due_on text not null,
        total_cents integer not null check (total_cents >= 0),
        balance_cents integer not null check (balance_cents >= 0),
        created_at text not null)`.execute(trx);
      await sql`insert into invoices_new select id, number, kind, business_id, order_id, terms, issued_on, due_on,
        total_cents, balance_cents, created_at from invoices`.execute(trx);
      await sql`drop table invoices`.execute(trx);
      await sql`alter table invoices_new rename to invoices`.execute(trx);
      await sql`create index invoices_business_idx on invoices (business_id, issued_on)`.execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0)
        throw new Error("migration 0033: the invoices' rows no longer match their references");
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  await db.schema.alterTable("invoices").dropColumn("memo").execute();
  await db.schema.dropIndex("invoices_order_idx").execute();
  if (pg) {
    await sql`alter table invoices add constraint invoices_order_kind_unique unique (order_id, kind)`.execute(db);
    await sql`alter table orders drop constraint orders_total_is_its_parts`.execute(db);
    await sql`alter table orders drop constraint orders_parts_not_negative`.execute(db);
  } else {
    await sql`create unique index invoices_order_kind_unique on invoices (order_id, kind)`.execute(db);
    await sql`drop trigger orders_total_is_its_parts_insert`.execute(db);
    await sql`drop trigger orders_total_is_its_parts_update`.execute(db);
  }
  for (const column of ["total_cents", "tax_cents", "delivery_cents", "excise_cents"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
  await sql`alter table orders rename column goods_cents to total_cents`.execute(db);
  if (pg) {
    const found = await sql<{
      def: string;
    }>`select pg_get_functiondef('sales_order(orders, integer, boolean)'::regprocedure) as def`.execute(db);
    await sql.raw((found.rows[0]?.def ?? "").replaceAll("r.goods_cents", "r.total_cents")).execute(db);
  }
}
