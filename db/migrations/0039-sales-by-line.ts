import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * Sales by product line (issue 38; decision 0060).
 *
 * - order_items.line_id, line_name: the line the line's product (variant) belonged to when the line
 *   was written, and that line's name then, filled by the summary's insert trigger with category,
 *   class and brand (migration 0031). No foreign key: a line that goes keeps its sales. A variant
 *   moved to another line later leaves its past sales with the line they were sold in (decision
 *   0060). Backfilled from today's products: an order line from before lines existed belongs to
 *   its product's line (migration 0036 made every product a line of its own, with the product's id).
 * - sales_hourly gets the line dimensions: "line" (by hour) and "line-year" (by store year, as
 *   "product-year" is for products), keyed by the line's id, '' when none (a product deleted
 *   before lines existed). The "line-year" rows' label is the greatest line name as sold of their
 *   lines (a report names a line that is gone by it); the hourly rows carry none, so a month by
 *   line reads as few bytes as a month by product.
 * - The summary's triggers are those of migration 0031 (as 0033 left them: orders.goods_cents)
 *   with the line dimensions added: SQLite's dropped and made again, PostgreSQL's functions
 *   replaced (the triggers call them by name). down() brings back 0031's.
 */

type Dims = Record<string, (r: string) => string>;

const BASE_LINE_DIMS: Dims = {
  product: (r) => `coalesce(cast(${r}.product_id as text), '')`,
  "product-year": (r) => `coalesce(cast(${r}.product_id as text), '')`,
  category: (r) => `coalesce(${r}.category, '')`,
  class: (r) => `coalesce(${r}.product_class, '')`,
  brand: (r) => `coalesce(${r}.brand, '')`,
};

const WITH_LINES: Dims = {
  ...BASE_LINE_DIMS,
  line: (r) => `coalesce(cast(${r}.line_id as text), '')`,
  "line-year": (r) => `coalesce(cast(${r}.line_id as text), '')`,
};

/** The dimensions this migration adds. */
const NEW_DIMS = ["line", "line-year"] as const;

const ORDER_DIMS: Dims = {
  all: () => `''`,
  business: (r) => `coalesce(${r}.user_id, '')`,
  placer: (r) => `coalesce(${r}.placed_by_id, '')`,
  state: (r) => `coalesce(${r}.ship_state, '')`,
};

const hourOf = (r: string) => `substr(${r}.created_at, 1, 13)`;

/** The store year (Dallas) of a UTC hour, as migration 0031 has it. */
const storeYearOf = (hour: string) =>
  `(case when substr(${hour}, 6) >= '01-01T06' then substr(${hour}, 1, 4) else cast(cast(substr(${hour}, 1, 4) as integer) - 1 as text) end)`;

const yearly = (dim: string) => dim === "product-year" || dim === "line-year";
const periodOf = (dim: string, hour: string) => (yearly(dim) ? storeYearOf(hour) : hour);
const isProduct = (dim: string) => dim === "product" || dim === "product-year";
/** The rows that carry the line's name as sold: the yearly ones only (hourly rows stay lean, as the product's). */
const isLine = (dim: string) => dim === "line-year";

/** A row's label when it adds a line `r` (null when it takes one away). */
function rowLabel(dims: Dims, dim: string, r: string, adds: string): string {
  const key = dims[dim] as (r: string) => string;
  if (isProduct(dim)) return `case when ${adds} and ${key(r)} = '' then ${r}.name end`;
  if (isLine(dim)) return `case when ${adds} then ${r}.line_name end`;
  return "null";
}

/** A group's label from its lines `i`. */
function groupLabel(dims: Dims, dim: string, i: string): string {
  const key = dims[dim] as (r: string) => string;
  if (isProduct(dim)) return `case when ${key(i)} = '' then max(${i}.name) end`;
  if (isLine(dim)) return `max(${i}.line_name)`;
  return "null";
}

// ---- SQLite ----

const UPSERT_SQLITE = `on conflict (dim, key, hour) do update set
  orders = sales_hourly.orders + excluded.orders,
  units = sales_hourly.units + excluded.units,
  sales_cents = sales_hourly.sales_cents + excluded.sales_cents,
  label = coalesce(max(sales_hourly.label, excluded.label), sales_hourly.label, excluded.label)`;

const ZERO = "orders = 0 and units = 0 and sales_cents = 0";

function lineStatements(dims: Dims, r: "new" | "old" | "n", sign: 1 | -1): string {
  const from = r === "n" ? "orders o join order_items n on n.id = new.id" : "orders o";
  return Object.entries(dims)
    .map(([dim, key]) => {
      const add = `insert into sales_hourly (dim, key, hour, orders, units, sales_cents, label)
        select '${dim}', ${key(r)}, ${periodOf(dim, hourOf("o"))},
          ${sign} * (case when exists (select 1 from order_items x where x.order_id = ${r}.order_id
            and x.id <> ${r}.id and ${key("x")} = ${key(r)}) then 0 else 1 end),
          ${sign} * ${r}.quantity, ${sign} * ${r}.quantity * ${r}.unit_price_cents,
          ${sign > 0 ? rowLabel(dims, dim, r, "1 = 1") : "null"}
        from ${from} where o.id = ${r}.order_id and o.status <> 'Cancelled'
        ${UPSERT_SQLITE};`;
      const clean = `delete from sales_hourly where dim = '${dim}' and key = ${key(r)}
        and hour = (select ${periodOf(dim, hourOf("o"))} from orders o where o.id = ${r}.order_id) and ${ZERO};`;
      return sign > 0 ? add : `${add}\n${clean}`;
    })
    .join("\n");
}

function orderStatements(r: "new" | "old", sign: 1 | -1): string {
  return Object.entries(ORDER_DIMS)
    .map(([dim, key]) => {
      const add = `insert into sales_hourly (dim, key, hour, orders, units, sales_cents, label)
        select '${dim}', ${key(r)}, ${hourOf(r)}, ${sign}, ${sign} * ${r}.item_count, ${sign} * ${r}.goods_cents, null
        where ${r}.status <> 'Cancelled'
        ${UPSERT_SQLITE};`;
      const clean = `delete from sales_hourly where dim = '${dim}' and key = ${key(r)} and hour = ${hourOf(r)} and ${ZERO};`;
      return sign > 0 ? add : `${add}\n${clean}`;
    })
    .join("\n");
}

function orderLinesStatements(dims: Dims, r: "new" | "old", sign: 1 | -1): string {
  return Object.entries(dims)
    .map(([dim, key]) => {
      const add = `insert into sales_hourly (dim, key, hour, orders, units, sales_cents, label)
        select '${dim}', ${key("i")}, ${periodOf(dim, hourOf(r))}, ${sign}, ${sign} * sum(i.quantity),
          ${sign} * sum(i.quantity * i.unit_price_cents), ${sign > 0 ? groupLabel(dims, dim, "i") : "null"}
        from order_items i where i.order_id = ${r}.id and ${r}.status <> 'Cancelled'
        group by ${key("i")}
        ${UPSERT_SQLITE};`;
      const clean = `delete from sales_hourly where dim = '${dim}' and hour = ${periodOf(dim, hourOf(r))} and ${ZERO}
        and key in (select ${key("i")} from order_items i where i.order_id = ${r}.id);`;
      return sign > 0 ? add : `${add}\n${clean}`;
    })
    .join("\n");
}

function snapshotSqlite(lines: boolean): string {
  return `update order_items set
    category = (select p.category from products p where p.id = new.product_id),
    product_class = (select c.product_class from product_compliance c where c.product_id = new.product_id),
    brand = (select c.brand from product_compliance c where c.product_id = new.product_id)${
      lines
        ? `,
    line_id = (select p.line_id from products p where p.id = new.product_id),
    line_name = (select l.name from products p join product_lines l on l.id = p.line_id where p.id = new.product_id)`
        : ""
    }
  where id = new.id and new.product_id is not null;`;
}

const ORDER_COLUMNS = "status, created_at, user_id, placed_by_id, ship_state, goods_cents, item_count";
const linesMoved = (o: string, n: string) =>
  `((${o}.status = 'Cancelled') <> (${n}.status = 'Cancelled') or substr(${o}.created_at, 1, 13) <> substr(${n}.created_at, 1, 13))`;

function sqliteTriggers(dims: Dims, lines: boolean): Record<string, string> {
  return {
    sales_order_items_ai: `after insert on order_items begin ${snapshotSqlite(lines)} ${lineStatements(dims, "n", 1)} end`,
    sales_order_items_au: `after update of order_id, product_id, quantity, unit_price_cents on order_items begin
      ${lineStatements(dims, "old", -1)} ${lineStatements(dims, "new", 1)} end`,
    sales_order_items_ad: `after delete on order_items begin ${lineStatements(dims, "old", -1)} end`,
    sales_orders_ai: `after insert on orders begin ${orderStatements("new", 1)} end`,
    sales_orders_au: `after update of ${ORDER_COLUMNS} on orders begin
      ${orderStatements("old", -1)} ${orderStatements("new", 1)} end`,
    sales_orders_au_lines: `after update of status, created_at on orders when ${linesMoved("old", "new")} begin
      ${orderLinesStatements(dims, "old", -1)} ${orderLinesStatements(dims, "new", 1)} end`,
    sales_orders_bd: `before delete on orders begin ${orderStatements("old", -1)} ${orderLinesStatements(dims, "old", -1)} end`,
  };
}

// ---- PostgreSQL: the functions the triggers of migration 0031 call ----

function pgFunctions(dims: Dims, lines: boolean): string[] {
  return [
    `create or replace function sales_line(r order_items, s integer) returns void language plpgsql as $$
    declare
      h text;
    begin
      select substr(o.created_at, 1, 13) into h from orders o where o.id = r.order_id and o.status <> 'Cancelled';
      if h is null then return; end if;
      perform 1 from sales_hourly where dim = 'all' and key = '' and hour = h for update;
      ${Object.entries(dims)
        .map(
          ([dim, key]) => `perform sales_hourly_add('${dim}', ${key("r")}, ${periodOf(dim, "h")},
        s * (case when exists (select 1 from order_items x where x.order_id = r.order_id and x.id <> r.id
          and ${key("x")} = ${key("r")}) then 0 else 1 end),
        s * r.quantity::bigint, s * r.quantity::bigint * r.unit_price_cents,
        ${rowLabel(dims, dim, "r", "s > 0")});`,
        )
        .join("\n")}
    end $$`,
    `create or replace function sales_order(r orders, s integer, with_lines boolean) returns void language plpgsql as $$
    declare
      h text := substr(r.created_at, 1, 13);
      g record;
    begin
      if r.status = 'Cancelled' then return; end if;
      ${Object.entries(ORDER_DIMS)
        .map(
          ([dim, key]) =>
            `perform sales_hourly_add('${dim}', ${key("r")}, h, s, s * r.item_count::bigint, s * r.goods_cents::bigint, null);`,
        )
        .join("\n")}
      if not with_lines then return; end if;
      ${Object.entries(dims)
        .map(
          ([dim, key]) => `for g in select ${key("i")} as k, sum(i.quantity)::bigint as u,
          sum(i.quantity::bigint * i.unit_price_cents)::bigint as c, max(i.name) as n${lines ? ", max(i.line_name) as ln" : ""}
          from order_items i where i.order_id = r.id group by 1 loop
        perform sales_hourly_add('${dim}', g.k, ${periodOf(dim, "h")}, s, s * g.u, s * g.c,
          ${isProduct(dim) ? "case when s > 0 and g.k = '' then g.n end" : isLine(dim) ? "case when s > 0 then g.ln end" : "null"});
      end loop;`,
        )
        .join("\n")}
    end $$`,
    `create or replace function order_items_sales() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' and new.product_id is not null then
        new.category := (select p.category from products p where p.id = new.product_id);
        new.product_class := (select c.product_class from product_compliance c where c.product_id = new.product_id);
        new.brand := (select c.brand from product_compliance c where c.product_id = new.product_id);${
          lines
            ? `
        new.line_id := (select p.line_id from products p where p.id = new.product_id);
        new.line_name := (select l.name from products p join product_lines l on l.id = p.line_id where p.id = new.product_id);`
            : ""
        }
      end if;
      if tg_op <> 'INSERT' then perform sales_line(old, -1); end if;
      if tg_op = 'DELETE' then return old; end if;
      perform sales_line(new, 1);
      return new;
    end $$`,
  ];
}

async function installTriggers(db: Kysely<unknown>, dims: Dims, lines: boolean): Promise<void> {
  if (dialectOf(db) === "postgres") {
    for (const f of pgFunctions(dims, lines)) await sql.raw(f).execute(db);
    return;
  }
  const triggers = sqliteTriggers(dims, lines);
  for (const name of Object.keys(triggers)) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  for (const [name, body] of Object.entries(triggers)) await sql.raw(`create trigger ${name} ${body}`).execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_items").addColumn("line_id", "integer").execute();
  await db.schema.alterTable("order_items").addColumn("line_name", "text").execute();
  // Today's products stand for the past: an order line sold before lines belongs to its product's line.
  await sql`update order_items set
      line_id = (select p.line_id from products p where p.id = order_items.product_id),
      line_name = (select l.name from products p join product_lines l on l.id = p.line_id
        where p.id = order_items.product_id)
    where product_id is not null`.execute(db);
  await installTriggers(db, WITH_LINES, true);
  for (const dim of NEW_DIMS) {
    const key = WITH_LINES[dim] as (r: string) => string;
    await sql
      .raw(`insert into sales_hourly (dim, key, hour, orders, units, sales_cents, label)
        select '${dim}', ${key("i")}, ${periodOf(dim, hourOf("o"))}, count(distinct o.id), sum(i.quantity),
          sum(i.quantity * i.unit_price_cents), ${groupLabel(WITH_LINES, dim, "i")}
        from orders o join order_items i on i.order_id = o.id where o.status <> 'Cancelled'
        group by ${key("i")}, ${periodOf(dim, hourOf("o"))}`)
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await installTriggers(db, BASE_LINE_DIMS, false);
  await db
    .deleteFrom("sales_hourly")
    .where("dim", "in", [...NEW_DIMS])
    .execute();
  await db.schema.alterTable("order_items").dropColumn("line_name").execute();
  await db.schema.alterTable("order_items").dropColumn("line_id").execute();
}
