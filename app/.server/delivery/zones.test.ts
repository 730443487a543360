import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveryDays, storeDateTime } from "~/lib/delivery";
import * as DELIVERY_MESSAGES from "~/lib/messages/delivery";
import { zoneSchema } from "~/lib/schemas/delivery";
import { TEST_ADMIN } from "../../../tests/support/actors";
import { addAddress, customerWithAddress } from "../../../tests/support/customers";
import { setupTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { insertProduct } from "../catalog/product-writes";
import { placeOrder } from "../flows/place-order";
import { findOrderMoney } from "../orders/money";
import { addHoliday, deliveryOptionFor, holidaysFrom, listZones, saveZone } from "./zones";

let t: TestDatabase;
let buyer: string;
let inZone: string;
let outside: string;
let zoneId: number;

const key = () => crypto.randomUUID();

function zoneInput(fields: Record<string, string | string[]>) {
  const parsed = zoneSchema.safeParse({
    cutoffDaysBefore: "1",
    cutoffTime: "16:00",
    feeCents: "25.00",
    freeFromCents: "500.00",
    minimumCents: "100.00",
    active: "on",
    ...fields,
  });
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
}

async function product(name: string, priceCents: number): Promise<number> {
  return insertProduct(
    t.db,
    { sku: `SKU-${name}`, name, description: "", priceCents, stock: 1000, category: "novelty" },
    [],
  );
}

beforeAll(async () => {
  t = await setupTestDatabase();
  const b = await customerWithAddress(t.db, "route@shop.test", { zip: "76102", city: "Fort Worth" });
  buyer = b.id;
  inZone = b.addressId;
  outside = await addAddress(t.db, buyer, { zip: "77002", city: "Houston" });
  // Every day of the week, so a day is always open whatever the clock says.
  zoneId = await saveZone(
    t.db,
    undefined,
    zoneInput({ name: "Fort Worth", zips: "76102, 76104", routeDays: ["1", "2", "3", "4", "5", "6", "7"] }),
    TEST_ADMIN,
  );
});

afterAll(async () => {
  await t.cleanup();
});

describe(`local delivery on ${process.env.DATABASE_URL ? "PostgreSQL" : "SQLite"}`, () => {
  it("keeps zones as data; a ZIP code belongs to one zone and a name to one zone", async () => {
    const zones = await listZones(t.db);
    expect(zones.map((z) => [z.name, z.zips, z.routeDays.length, z.feeCents, z.freeFromCents])).toEqual([
      ["Fort Worth", ["76102", "76104"], 7, 2500, 50_000],
    ]);
    await expect(
      saveZone(t.db, undefined, zoneInput({ name: "Arlington", zips: "76010, 76104", routeDays: "2" }), TEST_ADMIN),
    ).rejects.toThrow(DELIVERY_MESSAGES.zipTaken("76104", "Fort Worth"));
    await expect(
      saveZone(t.db, undefined, zoneInput({ name: "fort worth", zips: "76010", routeDays: "2" }), TEST_ADMIN),
    ).rejects.toThrow(DELIVERY_MESSAGES.zoneNameTaken("fort worth"));
    // Saving a zone again with its own ZIP codes is not a conflict with itself.
    await saveZone(
      t.db,
      zoneId,
      zoneInput({ name: "Fort Worth", zips: "76102 76104", routeDays: ["1", "2", "3", "4", "5", "6", "7"] }),
      TEST_ADMIN,
    );
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_type", "=", "delivery-zone")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["delivery_zone.create", "delivery_zone.update"]);
  });

  it("refuses bad zone input with a message for the field", () => {
    const bad = zoneSchema.safeParse({
      name: "X",
      zips: "7510, 75201",
      cutoffDaysBefore: "20",
      cutoffTime: "25:00",
      feeCents: "abc",
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries((bad.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(messages.zips).toBe(DELIVERY_MESSAGES.zipsInvalid("7510"));
    expect(messages.routeDays).toBe(DELIVERY_MESSAGES.routeDaysRequired);
    expect(messages.cutoffDaysBefore).toBe(DELIVERY_MESSAGES.cutoffDaysInvalid);
    expect(messages.cutoffTime).toBe(DELIVERY_MESSAGES.cutoffTimeInvalid);
  });

  it("an order in a zone gets the earliest open day and the fee, part of its one total", async () => {
    const soda = await product("Route Soda", 5000);
    const option = await deliveryOptionFor(t.db, "76102");
    expect(option?.days.length).toBeGreaterThan(0);
    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: key(),
      addressId: inZone,
      lines: [{ id: soda, quantity: 3 }],
    });
    const clock = storeDateTime();
    const expected = deliveryDays(
      { routeDays: [1, 2, 3, 4, 5, 6, 7], cutoffDaysBefore: 1, cutoffTime: "16:00" },
      clock,
      await holidaysFrom(t.db, clock.slice(0, 10)),
    )[0];
    expect(order.deliveryDate).toBe(expected);
    expect(order.money).toMatchObject({ goodsCents: 15_000, deliveryCents: 2500, totalCents: 17_500 });
    expect(await findOrderMoney(t.db, order.id)).toEqual(order.money);
    const row = await t.db
      .selectFrom("orders")
      .select(["delivery_zone_id"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row.delivery_zone_id).toBe(zoneId);
  });

  it("delivers free from the threshold, on the day the buyer chose", async () => {
    const soda = await product("Big Soda", 10_000);
    const option = await deliveryOptionFor(t.db, "76104");
    const second = option?.days[1] as string;
    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: key(),
      addressId: inZone,
      lines: [{ id: soda, quantity: 5 }],
      deliveryDate: second,
    });
    expect(order.deliveryDate).toBe(second);
    expect(order.money).toMatchObject({ goodsCents: 50_000, deliveryCents: 0, totalCents: 50_000 });
  });

  it("refuses a day that is no longer open, and an order under the zone's minimum, taking nothing", async () => {
    const soda = await product("Small Soda", 1000);
    const attempt = (deliveryDate: string | undefined, quantity: number) =>
      placeOrder(t.db, {
        userId: buyer,
        idempotencyKey: key(),
        addressId: inZone,
        lines: [{ id: soda, quantity }],
        ...(deliveryDate ? { deliveryDate } : {}),
      });
    await expect(attempt("2020-01-06", 20)).rejects.toMatchObject({
      message: DELIVERY_MESSAGES.deliveryDayGone,
      field: "deliveryDate",
    });
    await expect(attempt(undefined, 5)).rejects.toThrow(DELIVERY_MESSAGES.deliveryMinimum("$100.00", "$50.00"));
    const stock = await t.db.selectFrom("products").select("stock").where("id", "=", soda).executeTakeFirstOrThrow();
    expect(stock.stock).toBe(1000);
  });

  it("skips a holiday", async () => {
    const before = await deliveryOptionFor(t.db, "76102");
    const first = before?.days[0] as string;
    await addHoliday(t.db, { day: first, name: "Inventory day" }, TEST_ADMIN);
    const after = await deliveryOptionFor(t.db, "76102");
    expect(after?.days).not.toContain(first);
    expect(after?.days[0]).toBe(before?.days[1]);
    await expect(addHoliday(t.db, { day: first, name: "Again" }, TEST_ADMIN)).rejects.toThrow(
      DELIVERY_MESSAGES.holidayTaken(first),
    );
  });

  it("an address outside every zone ships by carrier, without a fee or a day", async () => {
    const soda = await product("Carrier Soda", 5000);
    const { order } = await placeOrder(t.db, {
      userId: buyer,
      idempotencyKey: key(),
      addressId: outside,
      lines: [{ id: soda, quantity: 1 }],
      deliveryDate: "2020-01-06",
    });
    expect(order.deliveryDate).toBeNull();
    expect(order.money.deliveryCents).toBe(0);
  });
});
