import type { Kysely, OperationNode } from "kysely";
import type { DB } from "~/.server/db/schema";

/**
 * A view of a database that notes every query run through it: the tables it names, when it was
 * sent and when its answer came back. For tests that count reads ("the price book once") or check
 * that independent reads are sent together.
 */
export interface QueryLog {
  db: Kysely<DB>;
  /** The tables of each query, in the order the queries were sent ("raw" for a raw SQL query). */
  queries: string[][];
  /** Sent and answered, in order: "sent:addresses", "answered". */
  events: string[];
  /** How many queries named this table. */
  reads(table: string): number;
  reset(): void;
}

function tablesOf(node: unknown, into: Set<string>): Set<string> {
  if (!node || typeof node !== "object") return into;
  if (Array.isArray(node)) {
    for (const item of node) tablesOf(item, into);
    return into;
  }
  const n = node as { kind?: string; table?: { identifier?: { name?: string } } };
  if (n.kind === "TableNode" && n.table?.identifier?.name) into.add(n.table.identifier.name);
  if (n.kind === "RawNode") into.add("raw");
  for (const value of Object.values(node)) tablesOf(value, into);
  return into;
}

export function queryLog(db: Kysely<DB>): QueryLog {
  const log: QueryLog = {
    db: db.withPlugin({
      transformQuery: (args) => {
        const tables = [...tablesOf(args.node as OperationNode, new Set())].sort();
        log.queries.push(tables);
        log.events.push(`sent:${tables.join("+")}`);
        return args.node;
      },
      transformResult: async (args) => {
        log.events.push("answered");
        return args.result;
      },
    }),
    queries: [],
    events: [],
    reads: (table) => log.queries.filter((tables) => tables.includes(table)).length,
    reset() {
      log.queries.length = 0;
      log.events.length = 0;
    },
  };
  return log;
}
