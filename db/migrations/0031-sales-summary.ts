import { type Kysely, sql } from "kysely";
import { dialectOf } from "../../app/.server/db/connect";

/**
 * Sales summary for the back office's reports (issue 32; decision 0041).
 *
 * - order_items.category, product_class, brand: the line's product's category and compliance
 *   facts when the line was written (a trigger fills them on insert), so a line's figures are
 *   its own and a reorganized catalog no longer moves past sales. Backfilled from today's
 *   products.
 * - sales_hourly: per dimension, key and UTC hour ("2026-11-02T15"), the orders, units and
 *   sales of orders that are not cancelled. "product-year" holds the product dimension again by
 *   store year (hour is then "YYYY"): a year by product reads one row per product sold instead
 *   of about one per line. Order dimensions (all, business, placer, state) count
 *   an order once with its item_count and total_cents; line dimensions (product, category,
 *   class, brand) count the distinct orders with a line in the group, the lines' units and
 *   quantity × unit price. key '' is "none" (a deleted product, no brand...). label is the
 *   lines' saved name on the rows of deleted products (key ''; the greatest of them), null
 *   elsewhere (a product's rows are labeled with its name when read; a label on every row
 *   would double the bytes a year's report reads). The primary key (dim, key, hour) makes the table its own covering index (WITHOUT
 *   ROWID on SQLite). Hours, not store days, because store days are Dallas days and SQLite has
 *   no time zones; the reports fold hours into days as they did (decision 0037).
 * - Triggers on orders and order_items keep it in the transaction of every change: placing,
 *   editing, status changes, a product or user deleted (their foreign keys set null), scripts
 *   and tests that write rows directly. A line's change takes its old contribution away and adds
 *   the new one; an order's change of status (in or out of Cancelled) or hour moves its lines.
 *   Row-level: on PostgreSQL BEFORE for lines (each row sees the rows of the same statement
 *   already done, as SQLite's row triggers do), so "another line of this order in the group"
 *   decides the distinct order count correctly in multi-row statements.
 */

const LINE_DIMS = {
  product: (r: string) => `coalesce(cast(${r}.product_id as text), '')`,
  // The product dimension again, by store year (see below): a year by product reads about a
  // fifth of the rows its hours hold.
  "product-year": (r: string) => `coalesce(cast(${r}.product_id as text), '')`,
  category: (r: string) => `coalesce(${r}.category, '')`,
  class: (r: string) => `coalesce(${r}.product_class, '')`,
  brand: (r: string) => `coalesce(${r}.brand, '')`,
} as const;

const ORDER_DIMS = {
  all: (_r: string) => `''`,
  business: (r: string) => `coalesce(${r}.user_id, '')`,
  placer: (r: string) => `coalesce(${r}.placed_by_id, '')`,
  state: (r: string) => `coalesce(${r}.ship_state, '')`,
} as const;

const hourOf = (r: string) => `substr(${r}.created_at, 1, 13)`;

/**
 * The store year (Dallas) of a UTC hour "YYYY-MM-DDTHH": a store year begins at 06:00 UTC on
 * January 1 (Central Standard Time, which January always is). No time-zone function, so the
 * same on both databases.
 */
const storeYearOf = (hour: string) =>
  `(case when substr(${hour}, 6) >= '01-01T06' then substr(${hour}, 1, 4) else cast(cast(substr(${hour}, 1, 4) as integer) - 1 as text) end)`;

/** What a dimension's rows are keyed by in time: the hour, or for "product-year" the store year of the hour. */
const periodOf = (dim: string, hour: string) => (dim === "product-year" ? storeYearOf(hour) : hour);

/** Rows that carry a deleted product's saved name as their label. */
const labeled = (dim: string) => dim === "product" || dim === "product-year";

// ---- SQLite: statements inlined in the triggers (no functions) ----

const UPSERT_SQLITE = `on conflict (dim, key, hour) do update set
  orders = sales_hourly.orders + excluded.orders,
  units = sales_hourly.units + excluded.units,
  sales_cents = sales_hourly.sales_cents + excluded.sales_cents,
  label = coalesce(max(sales_hourly.label, excluded.label), sales_hourly.label, excluded.label)`;

const ZERO = "orders = 0 and units = 0 and sales_cents = 0";

/**
 * One line's contribution (sign 1) or its removal (-1), every line dimension. `n` reads the new
 * line back from the table (NEW does not see the snapshot the insert trigger just wrote).
 */
function lineStatements(r: "new" | "old" | "n", sign: 1 | -1): string {
  const from = r === "n" ? "orders o join order_items n on n.id = new.id" : "orders o";
  return Object.entries(LINE_DIMS)
    .map(([dim, key]) => {
      const add = `insert into sales_hourly (dim, key, hour, orders, units, sales_cents, label)
        select '${dim}', ${key(r)}, ${periodOf(dim, hourOf("o"))},
          ${sign} * (case when exists (select 1 from order_items x where x.order_id = ${r}.order_id
            and x.id <> ${r}.id and ${key("x")} = ${key(r)}) then 0 else 1 end),
          ${sign} * ${r}.quantity, ${sign} * ${r}.quantity * ${r}.unit_price_cents,
          ${labeled(dim) && sign > 0 ? `case when ${key(r)} = '' then ${r}.name end` : "null"}
        from ${from} where o.id = ${r}.order_id and o.status <> 'Cancelled'
        ${UPSERT_SQLITE};`;
      const clean = `delete from sales_hourly where dim = '${dim}' and key = ${key(r)}
        and hour = (select ${periodOf(dim, hourOf("o"))} from orders o where o.id = ${r}.order_id) and ${ZERO};`;
      return sign > 0 ? add : `${add}\n${clean}`;
    })
    .join("\n");
}

/** An order's own contribution to the order dimensions (nothing when cancelled). */
function orderStatements(r: "new" | "old", sign: 1 | -1): string {
  return Object.entries(ORDER_DIMS)
    .map(([dim, key]) => {
      const add = `insert into sales_hourly (dim, key, hour, orders, units, sales_cents, label)
        select '${dim}', ${key(r)}, ${hourOf(r)}, ${sign}, ${sign} * ${r}.item_count, ${sign} * ${r}.total_cents, null
        where ${r}.status <> 'Cancelled'
        ${UPSERT_SQLITE};`;
      const clean = `delete from sales_hourly where dim = '${dim}' and key = ${key(r)} and hour = ${hourOf(r)} and ${ZERO};`;
      return sign > 0 ? add : `${add}\n${clean}`;
    })
    .join("\n");
}

/** All of an order's lines, grouped, in or out of the line dimensions (nothing when cancelled). */
function orderLinesStatements(r: "new" | "old", sign: 1 | -1): string {
  return Object.entries(LINE_DIMS)
    .map(([dim, key]) => {
      const add = `insert into sales_hourly (dim, key, hour, orders, units, sales_cents, label)
        select '${dim}', ${key("i")}, ${periodOf(dim, hourOf(r))}, ${sign}, ${sign} * sum(i.quantity),
          ${sign} * sum(i.quantity * i.unit_price_cents), ${labeled(dim) && sign > 0 ? `case when ${key("i")} = '' then max(i.name) end` : "null"}
        from order_items i where i.order_id = ${r}.id and ${r}.status <> 'Cancelled'
        group by ${key("i")}
        ${UPSERT_SQLITE};`;
      const clean = `delete from sales_hourly where dim = '${dim}' and hour = ${periodOf(dim, hourOf(r))} and ${ZERO}
        and key in (select ${key("i")} from order_items i where i.order_id = ${r}.id);`;
      return sign > 0 ? add : `${add}\n${clean}`;
    })
    .join("\n");
}

const SNAPSHOT_SQLITE = `update order_items set
    category = (select p.category from products p where p.id = new.product_id),
    product_class = (select c.product_class from product_compliance c where c.product_id = new.product_id),
    brand = (select c.brand from product_compliance c where c.product_id = new.product_id)
  where id = new.id and new.product_id is not null;`;

const ORDER_COLUMNS = "status, created_at, user_id, placed_by_id, ship_state, total_cents, item_count";
const linesMoved = (o: string, n: string) =>
  `((${o}.status = 'Cancelled') <> (${n}.status = 'Cancelled') or substr(${o}.created_at, 1, 13) <> substr(${n}.created_at, 1, 13))`;

const SQLITE_TRIGGERS = {
  // The snapshot first: the update trigger below does not watch its columns, so it does not fire.
  sales_order_items_ai: `after insert on order_items begin ${SNAPSHOT_SQLITE} ${lineStatements("n", 1)} end`,
  sales_order_items_au: `after update of order_id, product_id, quantity, unit_price_cents on order_items begin
    ${lineStatements("old", -1)} ${lineStatements("new", 1)} end`,
  sales_order_items_ad: `after delete on order_items begin ${lineStatements("old", -1)} end`,
  sales_orders_ai: `after insert on orders begin ${orderStatements("new", 1)} end`,
  sales_orders_au: `after update of ${ORDER_COLUMNS} on orders begin
    ${orderStatements("old", -1)} ${orderStatements("new", 1)} end`,
  sales_orders_au_lines: `after update of status, created_at on orders when ${linesMoved("old", "new")} begin
    ${orderLinesStatements("old", -1)} ${orderLinesStatements("new", 1)} end`,
  sales_orders_bd: `before delete on orders begin ${orderStatements("old", -1)} ${orderLinesStatements("old", -1)} end`,
};

// ---- PostgreSQL: functions called by the triggers ----

const PG_FUNCTIONS = [
  `create function sales_hourly_add(p_dim text, p_key text, p_hour text, p_orders integer, p_units bigint,
      p_sales bigint, p_label text) returns void language plpgsql as $$
    begin
      insert into sales_hourly (dim, key, hour, orders, units, sales_cents, label)
        values (p_dim, p_key, p_hour, p_orders, p_units, p_sales, p_label)
        on conflict (dim, key, hour) do update set
          orders = sales_hourly.orders + excluded.orders,
          units = sales_hourly.units + excluded.units,
          sales_cents = sales_hourly.sales_cents + excluded.sales_cents,
          label = greatest(sales_hourly.label, excluded.label);
      if p_orders < 0 or p_units < 0 or p_sales < 0 then
        delete from sales_hourly where dim = p_dim and key = p_key and hour = p_hour and ${ZERO};
      end if;
    end $$`,
  `create function sales_line(r order_items, s integer) returns void language plpgsql as $$
    declare
      h text;
    begin
      select substr(o.created_at, 1, 13) into h from orders o where o.id = r.order_id and o.status <> 'Cancelled';
      if h is null then return; end if;
      -- The hour's period row first (it exists: the order counts in it), as the order's own
      -- trigger takes it first: writers of one hour's rows queue there, never in two orders.
      perform 1 from sales_hourly where dim = 'all' and key = '' and hour = h for update;
      ${Object.entries(LINE_DIMS)
        .map(
          ([dim, key]) => `perform sales_hourly_add('${dim}', ${key("r")}, ${periodOf(dim, "h")},
        s * (case when exists (select 1 from order_items x where x.order_id = r.order_id and x.id <> r.id
          and ${key("x")} = ${key("r")}) then 0 else 1 end),
        s * r.quantity::bigint, s * r.quantity::bigint * r.unit_price_cents,
        ${labeled(dim) ? `case when s > 0 and ${key("r")} = '' then r.name end` : "null"});`,
        )
        .join("\n")}
    end $$`,
  `create function sales_order(r orders, s integer, with_lines boolean) returns void language plpgsql as $$
    declare
      h text := substr(r.created_at, 1, 13);
      g record;
    begin
      if r.status = 'Cancelled' then return; end if;
      ${Object.entries(ORDER_DIMS)
        .map(
          ([dim, key]) =>
            `perform sales_hourly_add('${dim}', ${key("r")}, h, s, s * r.item_count::bigint, s * r.total_cents::bigint, null);`,
        )
        .join("\n")}
      if not with_lines then return; end if;
      ${Object.entries(LINE_DIMS)
        .map(
          ([dim, key]) => `for g in select ${key("i")} as k, sum(i.quantity)::bigint as u,
          sum(i.quantity::bigint * i.unit_price_cents)::bigint as c, max(i.name) as n
          from order_items i where i.order_id = r.id group by 1 loop
        perform sales_hourly_add('${dim}', g.k, ${periodOf(dim, "h")}, s, s * g.u, s * g.c,
          ${labeled(dim) ? "case when s > 0 and g.k = '' then g.n end" : "null"});
      end loop;`,
        )
        .join("\n")}
    end $$`,
  `create function order_items_sales() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' and new.product_id is not null then
        new.category := (select p.category from products p where p.id = new.product_id);
        new.product_class := (select c.product_class from product_compliance c where c.product_id = new.product_id);
        new.brand := (select c.brand from product_compliance c where c.product_id = new.product_id);
      end if;
      if tg_op <> 'INSERT' then perform sales_line(old, -1); end if;
      if tg_op = 'DELETE' then return old; end if;
      perform sales_line(new, 1);
      return new;
    end $$`,
  `create function orders_sales() returns trigger language plpgsql as $$
    declare
      moved boolean;
    begin
      if tg_op = 'INSERT' then
        perform sales_order(new, 1, false);
        return null;
      end if;
      if tg_op = 'DELETE' then
        perform sales_order(old, -1, true);
        return old;
      end if;
      moved := ${linesMoved("old", "new")};
      perform sales_order(old, -1, moved);
      perform sales_order(new, 1, moved);
      return null;
    end $$`,
];

const PG_TRIGGERS = [
  `create trigger order_items_sales before insert or delete or update of order_id, product_id, quantity, unit_price_cents
    on order_items for each row execute function order_items_sales()`,
  `create trigger orders_sales_ins after insert on orders for each row execute function orders_sales()`,
  `create trigger orders_sales_upd after update of ${ORDER_COLUMNS} on orders for each row
    when ((old.status, old.created_at, old.user_id, old.placed_by_id, old.ship_state, old.total_cents, old.item_count)
      is distinct from (new.status, new.created_at, new.user_id, new.placed_by_id, new.ship_state, new.total_cents, new.item_count))
    execute function orders_sales()`,
  `create trigger orders_sales_del before delete on orders for each row execute function orders_sales()`,
];

/**
 * Every row of the summary recounted from the orders and their lines: the migration's backfill,
 * and the test's reference (app/.server/orders/sales-summary.ts keeps the same query).
 */
const RECOUNT = [
  ...Object.entries(ORDER_DIMS).map(
    ([dim, key]) => `select '${dim}' as dim, ${key("o")} as key, ${hourOf("o")} as hour, count(*) as orders,
      sum(o.item_count) as units, sum(o.total_cents) as sales_cents, null as label
      from orders o where o.status <> 'Cancelled' group by 2, 3`,
  ),
  ...Object.entries(LINE_DIMS).map(
    ([
      dim,
      key,
    ]) => `select '${dim}' as dim, ${key("i")} as key, ${periodOf(dim, hourOf("o"))} as hour, count(distinct o.id) as orders,
      sum(i.quantity) as units, sum(i.quantity * i.unit_price_cents) as sales_cents,
      ${labeled(dim) ? `case when ${key("i")} = '' then max(i.name) end` : "null"} as label
      from orders o join order_items i on i.order_id = o.id where o.status <> 'Cancelled' group by 2, 3`,
  ),
];

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  await db.schema.alterTable("order_items").addColumn("category", "text").execute();
  await db.schema.alterTable("order_items").addColumn("product_class", "text").execute();
  await db.schema.alterTable("order_items").addColumn("brand", "text").execute();
  // Today's products stand for the past: the only facts there are.
  await sql`update order_items set
      category = (select p.category from products p where p.id = order_items.product_id),
      product_class = (select c.product_class from product_compliance c where c.product_id = order_items.product_id),
      brand = (select c.brand from product_compliance c where c.product_id = order_items.product_id)
    where product_id is not null`.execute(db);

  if (pg) {
    // Byte-order text ("C"): a year by product is then read in key order from the index, grouped
    // as it streams, never sorted; the figures ride in the index (index-only scans).
    await sql`create table sales_hourly (
      dim text collate "C" not null, key text collate "C" not null, hour text collate "C" not null,
      orders integer not null, units bigint not null, sales_cents bigint not null, label text,
      constraint sales_hourly_pk primary key (dim, key, hour) include (orders, units, sales_cents, label))`.execute(db);
  } else {
    await db.schema
      .createTable("sales_hourly")
      .addColumn("dim", "text", (c) => c.notNull())
      .addColumn("key", "text", (c) => c.notNull())
      .addColumn("hour", "text", (c) => c.notNull())
      .addColumn("orders", "integer", (c) => c.notNull())
      .addColumn("units", "bigint", (c) => c.notNull())
      .addColumn("sales_cents", "bigint", (c) => c.notNull())
      .addColumn("label", "text")
      .addPrimaryKeyConstraint("sales_hourly_pk", ["dim", "key", "hour"])
      .modifyEnd(sql`without rowid`)
      .execute();
  }
  for (const select of RECOUNT) {
    await sql.raw(`insert into sales_hourly (dim, key, hour, orders, units, sales_cents, label) ${select}`).execute(db);
  }
  // A range of hours of one dimension (30 days by product, the days of a year the range leaves
  // out) is read from this index instead of every hour of every key; it carries the figures.
  if (pg) {
    await sql`create index sales_hourly_by_hour on sales_hourly (dim, hour)
      include (key, orders, units, sales_cents, label)`.execute(db);
  } else {
    await sql`create index sales_hourly_by_hour on sales_hourly (dim, hour, key, orders, units, sales_cents, label)`.execute(
      db,
    );
  }

  if (pg) {
    for (const f of PG_FUNCTIONS) await sql.raw(f).execute(db);
    for (const t of PG_TRIGGERS) await sql.raw(t).execute(db);
  } else {
    for (const [name, body] of Object.entries(SQLITE_TRIGGERS)) {
      await sql.raw(`create trigger ${name} ${body}`).execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === "postgres") {
    await sql`drop trigger if exists order_items_sales on order_items`.execute(db);
    await sql`drop trigger if exists orders_sales_ins on orders`.execute(db);
    await sql`drop trigger if exists orders_sales_upd on orders`.execute(db);
    await sql`drop trigger if exists orders_sales_del on orders`.execute(db);
    await sql`drop function if exists orders_sales()`.execute(db);
    await sql`drop function if exists order_items_sales()`.execute(db);
    await sql`drop function if exists sales_order(orders, integer, boolean)`.execute(db);
    await sql`drop function if exists sales_line(order_items, integer)`.execute(db);
    await sql`drop function if exists sales_hourly_add(text, text, text, integer, bigint, bigint, text)`.execute(db);
  } else {
    for (const name of Object.keys(SQLITE_TRIGGERS)) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  await db.schema.dropTable("sales_hourly").execute();
  await db.schema.alterTable("order_items").dropColumn("brand").execute();
  await db.schema.alterTable("order_items").dropColumn("product_class").execute();
  await db.schema.alterTable("order_items").dropColumn("category").execute();
}
