import type { Kysely } from "kysely";
import { productPath } from "~/.server/catalog/lines";
import type { DB } from "~/.server/db/schema";

/** A product's page (issue 38): its line's, with it chosen unless it is the line's first. */
export async function pagePath(db: Kysely<DB>, productId: number): Promise<string> {
  const path = await productPath(db, productId);
  if (!path) throw new Error(`pagePath: no product ${productId}`);
  return path;
}

/** The route data address of a page ("/lines/x?variant=2" to "/lines/x.data?variant=2"). */
export function dataPath(path: string): string {
  const [pathname, query] = path.split("?");
  return query ? `${pathname}.data?${query}` : `${pathname}.data`;
}
