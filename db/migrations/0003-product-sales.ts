import { type Kysely, sql } from "kysely";

/**
 * Units sold per product (orders that are not cancelled), kept by the order code in the same
 * transactions that place and cancel orders, so Best Sellers is an index read instead of an
 * aggregate over every order line.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on the schema as it was
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("product_sales")
    .addColumn("product_id", "integer", (c) => c.primaryKey().references("products.id").onDelete("cascade"))
    .addColumn("units", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("product_sales_units_idx").on("product_sales").columns(["units", "product_id"]).execute();
  await sql`insert into product_sales (product_id, units)
    select i.product_id, sum(i.quantity) from order_items i join orders o on o.id = i.order_id
    where o.status <> 'Cancelled' and i.product_id is not null
    group by i.product_id`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("product_sales").execute();
}
