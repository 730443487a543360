import { z } from "zod";
import { endpoint, timestamp } from "./endpoint";
import { limitOf, listQuery, numericCursor, pageOf, pageSchema } from "./paging";

/** Local delivery (delivery:read): each zone's route of a day with its stops, in their order. */

const route = z.object({
  id: z.number().int(),
  zone_id: z.number().int(),
  day: z.string(),
  driver_id: z.string().nullable(),
  vehicle_id: z.number().int().nullable(),
  status: z.string(),
  updated_at: timestamp,
  stops: z.array(
    z.object({
      id: z.number().int(),
      order_id: z.number().int(),
      position: z.number().int(),
      status: z.string(),
      reason: z.string().nullable(),
      receiver_name: z.string().nullable(),
      delivered_at: z.string().nullable(),
    }),
  ),
});

const listRoutes = endpoint({
  id: "listDeliveryRoutes",
  method: "GET",
  path: "/delivery-routes",
  scope: "delivery:read",
  tag: "Delivery",
  summary: "List delivery routes with their stops",
  query: listQuery,
  response: pageSchema(route),
  async handle({ db, query }) {
    const limit = limitOf(query);
    let q = db
      .selectFrom("delivery_routes")
      .select(["id", "zone_id", "day", "driver_id", "vehicle_id", "status", "updated_at"])
      .where("id", ">", numericCursor(query))
      .orderBy("id")
      .limit(limit + 1);
    if (query.updated_since) q = q.where("updated_at", ">=", query.updated_since);
    const rows = await q.execute();
    const ids = rows.map((r) => r.id);
    const stops = ids.length
      ? await db
          .selectFrom("delivery_stops")
          .select(["id", "route_id", "order_id", "position", "status", "reason", "receiver_name", "delivered_at"])
          .where("route_id", "in", ids)
          .orderBy("route_id")
          .orderBy("position")
          .execute()
      : [];
    const page = rows.map((r) => ({
      ...r,
      stops: stops.filter((s) => s.route_id === r.id).map(({ route_id: _, ...s }) => s),
    }));
    return pageOf(page, limit, (r) => r.id);
  },
});

export const DELIVERY_ENDPOINTS = [listRoutes];
