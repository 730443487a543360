/**
 * A product page for a buyer answers with "<product id>:<stock>" in this header: the stock it
 * shows, which the server's page cache (server/visitor-cache.ts) checks again before it serves a
 * stored copy, and removes before the answer leaves.
 */
export const STOCK_HEADER = "x-page-stock";
