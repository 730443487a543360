import fs from "node:fs";
import path from "node:path";
import type { Kysely, Transaction } from "kysely";
import { createDemoAccounts } from "../app/.server/accounts/demo-accounts";
import { countProducts } from "../app/.server/catalog/product-writes";
import type { DB } from "../app/.server/db/schema";
import { seedDemoBusinesses } from "./demo-businesses";
import { seedDemoCompliance } from "./demo-compliance";
import { seedDemoDelivery } from "./demo-delivery";
import { seedDemoExcise } from "./demo-excise";
import { seedDemoSalesTax } from "./demo-sales-tax";
import { addDemoProducts, type SaveDemoLine } from "./seed";

/**
 * The demo store, for `npm run demo`, development and the browser tests (SEED_DEMO): the demo
 * catalog's lines (written by the line editor's save) on an empty catalog, and demo accounts on an empty user table. Loaded by the server
 * only when SEED_DEMO is on (a dynamic import: the production server never loads this code).
 * The catalog's rows are written here, before the server listens; their pictures take sharp a
 * while, so `drawLater` is handed the SKUs to draw (each line's first variant: the others show
 * its pictures), in the transaction that adds them (the
 * server queues a job that draws them after it listens: decision 0049).
 * Returns the demo credentials when accounts were created (to print once), else null.
 */
export async function seedDemoStore(
  db: Kysely<DB>,
  options: {
    dataDir: string;
    log: (line: string) => void;
    drawLater: (trx: Transaction<DB>, skus: string[]) => Promise<void>;
    /** The line editor's save (db/ does not import the flows). */
    saveLine: SaveDemoLine;
    /** "later": the caller seeds the people itself (seedDemoPeople), after the server listens. */
    people?: "now" | "later";
  },
): Promise<string | null> {
  if ((await countProducts(db)) === 0) {
    const { lines, added, toDraw } = await db.transaction().execute(async (trx) => {
      const result = await addDemoProducts(trx, options.saveLine);
      await options.drawLater(trx, result.toDraw);
      return result;
    });
    options.log(
      `demo catalog ready: ${lines} lines, ${added} products; the pictures of ${toDraw.length} lines are drawn next`,
    );
  }
  // Compliance facts of the demo products and the example rules (issue 15); safe to run again.
  await seedDemoCompliance(db);
  // Excise facts of the demo products and the example tax rules (issue 31); safe to run again.
  await seedDemoExcise(db);
  // Delivery zones and holidays of the store's own trucks (issue 40); safe to run again.
  await seedDemoDelivery(db);
  // Texas's sales tax rates where the store is, switched off (issue 41); safe to run again.
  await seedDemoSalesTax(db);
  if (options.people === "later") return null;
  return seedDemoPeople(db, options.dataDir);
}

/**
 * The demo's people on an empty user table: accounts (their passwords hashed: the slow part of a
 * start), the demo businesses, a team and a rep. The server runs this after it listens (the
 * store's first pages need only the catalog); returns the credentials to print once, or null.
 */
export async function seedDemoPeople(db: Kysely<DB>, dataDir: string): Promise<string | null> {
  const options = { dataDir };
  const credentials = await createDemoAccounts(db, options.dataDir);
  if (!credentials) return null;
  const waiting = await seedDemoBusinesses(db);
  if (!waiting) return credentials;
  fs.appendFileSync(path.join(options.dataDir, "demo-credentials.txt"), `${waiting}\n`);
  return `${credentials.trimEnd()}\n${waiting}\n`;
}
