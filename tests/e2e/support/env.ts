/**
 * The browser tests talk to the server Playwright starts (playwright.config.ts) and, for
 * set-up only, to the same SQLite database it uses. These settings must match that server.
 */
const OFFSET = Number(process.env.E2E_PORT ?? 3100) - 3100;
/** E2E_SETUP_DATA_DIR: the folder of a server a spec starts itself (support/other-server.ts). */
export const E2E_DATA_DIR = process.env.E2E_SETUP_DATA_DIR || (OFFSET ? `.e2e/data-${OFFSET}` : ".e2e/data");
export const SINK_HTTP = `http://127.0.0.1:${2627 + OFFSET}`;
export const STORE_INBOX = "inbox@store.test";

process.env.DATA_DIR = E2E_DATA_DIR;
process.env.DATABASE_URL = "";
process.env.BASE_URL = `http://localhost:${3100 + OFFSET}`;
process.env.NODE_ENV = "test";
