import { stringify } from "csv-stringify/sync";
import type { Kysely } from "kysely";
import { storeToday } from "~/lib/business";
import { stateName } from "~/lib/compliance/vocabulary";
import { storeMonthBounds } from "~/lib/store-time";
import type { DB } from "../db/schema";
import { storeInfo } from "../runtime/store-info";

/**
 * The PACT Act report (issue 15): vape shipments into each state other than the shipper's, per
 * month, from the order lines themselves (the ship-to copy of the order). Whether a line is a vape,
 * and its brand: what was recorded with the line when the order was placed (0016); for a line
 * without that record (orders placed before the compliance feature, or imported) or whose record
 * names no class, the product's facts today, while the product exists. So no shipped vape line is
 * left out for want of a record. Cancelled orders are left out. A month, and an order's date, are
 * the store's (Dallas; lib/store-time.ts): an order placed on a month's last evening is that month's.
 */
const VAPE_CLASSES = new Set(["nicotine-vape", "non-nicotine-vape"]);

export interface PactShipment {
  orderId: number;
  orderDate: string;
  recipient: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  brand: string;
  product: string;
  sku: string;
  quantity: number;
  /** The shipment's carrier and tracking number, once the admin entered them (issue 31). */
  carrier: string;
  tracking: string;
}

/** The shipper's state: read from the store's address ("..., Dallas, TX 75201"), Texas otherwise. */
export function shipperState(address = storeInfo().address): string {
  return /,\s*([A-Z]{2})\s+\d{5}(?:-\d{4})?\s*$/.exec(address)?.[1] ?? "TX";
}

export function validMonth(value: string | null): value is string {
  return !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** Every interstate vape shipment of a month, optionally into one state, oldest first. */
export async function pactShipments(db: Kysely<DB>, month: string, state?: string): Promise<PactShipment[]> {
  let q = db
    .selectFrom("orders")
    .innerJoin("order_items", "order_items.order_id", "orders.id")
    .leftJoin("order_line_compliance", "order_line_compliance.order_item_id", "order_items.id")
    .leftJoin("product_compliance", "product_compliance.product_id", "order_items.product_id")
    .leftJoin("order_shipments", "order_shipments.order_id", "orders.id")
    .select([
      "orders.id",
      "orders.created_at",
      "orders.ship_business_name",
      "orders.ship_street",
      "orders.ship_city",
      "orders.ship_state",
      "orders.ship_zip",
      "orders.ship_phone",
      "order_items.name",
      "order_items.sku",
      "order_items.quantity",
      "order_line_compliance.evaluated",
      "product_compliance.product_class",
      "product_compliance.brand",
      "order_shipments.carrier",
      "order_shipments.tracking",
    ])
    .where("orders.status", "<>", "Cancelled")
    .where("orders.created_at", ">=", storeMonthBounds(month).start)
    .where("orders.created_at", "<", storeMonthBounds(month).end)
    .where("orders.ship_state", "<>", shipperState());
  if (state) q = q.where("orders.ship_state", "=", state);
  const rows = await q.orderBy("orders.created_at").orderBy("orders.id").orderBy("order_items.position").execute();
  return rows.flatMap((r) => {
    const recorded = r.evaluated
      ? (JSON.parse(r.evaluated) as { brand?: string | null; productClass?: string | null })
      : {};
    const productClass = recorded.productClass || r.product_class;
    if (!productClass || !VAPE_CLASSES.has(productClass)) return [];
    return [
      {
        orderId: r.id,
        orderDate: storeToday(new Date(r.created_at)),
        recipient: r.ship_business_name,
        street: r.ship_street,
        city: r.ship_city,
        state: r.ship_state,
        zip: r.ship_zip,
        phone: r.ship_phone,
        brand: (recorded.productClass ? recorded.brand : null) ?? r.brand ?? "",
        product: r.name,
        sku: r.sku,
        quantity: r.quantity,
        carrier: r.carrier ?? "",
        tracking: r.tracking ?? "",
      },
    ];
  });
}

/** Shipments per destination state for a month: what the report page lists. */
export async function pactSummary(
  db: Kysely<DB>,
  month: string,
): Promise<{ state: string; name: string; orders: number; units: number }[]> {
  const byState = new Map<string, { orders: Set<number>; units: number }>();
  for (const s of await pactShipments(db, month)) {
    const entry = byState.get(s.state) ?? { orders: new Set<number>(), units: 0 };
    entry.orders.add(s.orderId);
    entry.units += s.quantity;
    byState.set(s.state, entry);
  }
  return [...byState.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([state, e]) => ({ state, name: stateName(state), orders: e.orders.size, units: e.units }));
}

/** Cells a spreadsheet would run as a formula are kept as text. */
function cell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The CSV of one state and month. */
export function pactCsv(shipments: readonly PactShipment[]): string {
  const shipper = storeInfo();
  // Organized by city and ZIP, as the states' forms list them (issue 31), then by date and order.
  const sorted = [...shipments].sort(
    (a, b) =>
      a.city.localeCompare(b.city) ||
      a.zip.localeCompare(b.zip) ||
      a.orderDate.localeCompare(b.orderDate) ||
      a.orderId - b.orderId,
  );
  return stringify(
    sorted.map((s) => [
      shipper.name,
      shipper.address,
      s.orderDate,
      s.orderId,
      cell(s.recipient),
      cell(s.street),
      cell(s.city),
      s.state,
      s.zip,
      cell(s.phone),
      cell(s.brand),
      cell(s.product),
      cell(s.sku),
      s.quantity,
      cell(s.carrier),
      cell(s.tracking),
    ]),
    {
      header: true,
      columns: [
        "Shipper",
        "Shipper address",
        "Order date",
        "Order",
        "Recipient",
        "Street",
        "City",
        "State",
        "ZIP",
        "Phone",
        "Brand",
        "Product",
        "SKU",
        "Quantity",
        "Carrier",
        "Tracking",
      ],
    },
  );
}
