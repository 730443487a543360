import { exportProductsCsv } from "~/.server/catalog/csv/export";
import { csvResponse } from "~/.server/catalog/csv/file";
import { getDb } from "~/.server/db/instance";
import { env } from "~/.server/runtime/env";
import { storeToday } from "~/lib/business";

/** Every product with every field, in the columns the import reads (/admin/import). */
export async function loader() {
  return csvResponse(exportProductsCsv(getDb(), { baseUrl: env().BASE_URL }), `products-${storeToday()}.csv`);
}
