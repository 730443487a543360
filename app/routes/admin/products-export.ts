import { exportProductsCsv } from "~/.server/catalog/csv/export";
import { getDb } from "~/.server/db/instance";
import { csvResponse } from "~/.server/http/files";
import { env } from "~/.server/runtime/env";
import { storeToday } from "~/lib/business";

/** Every product with every field, in the columns the import reads (/admin/import). */
export async function loader() {
  return csvResponse(exportProductsCsv(getDb(), { baseUrl: env().BASE_URL }), `products-${storeToday()}.csv`);
}
