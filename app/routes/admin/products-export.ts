import { csvResponse, exportProductsCsv } from "~/.server/catalog/csv";
import { getDb } from "~/.server/db/instance";
import { storeToday } from "~/lib/business";

/** Every product with every field, in the columns the import reads (/admin/import). */
export async function loader() {
  return csvResponse(exportProductsCsv(getDb()), `products-${storeToday()}.csv`);
}
