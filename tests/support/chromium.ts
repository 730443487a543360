/**
 * The system Chromium (`apt-get install -y chromium`) and the flags it needs on a machine with no
 * outside network: without the background-networking ones it keeps trying to reach Google's hosts.
 * Shared by the browser tests (playwright.config.ts) and the benchmark (scripts/bench.ts).
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
