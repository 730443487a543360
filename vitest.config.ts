import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { lazyImport } from "./vite-plugins/lazy-import.ts";

export default defineConfig({
  // Modules that import "lazy-import:<package>" resolve in tests as in the app.
  plugins: [lazyImport()],
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "db/**/*.test.ts",
      "scripts/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/scale-out/**/*.test.ts",
      "tests/reliability/**/*.test.ts",
      "tests/security/**/*.test.ts",
    ],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // CI collects a JSON report per run (see .ci/run).
    reporters: process.env.CI_REPORT_DIR ? ["default", "json"] : ["default"],
    outputFile: process.env.CI_REPORT_DIR
      ? { json: `${process.env.CI_REPORT_DIR}/${process.env.CI_REPORT_NAME ?? "vitest"}.json` }
      : undefined,
  },
});
