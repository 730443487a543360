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
    environment: "node",
    pool: "forks",
    // Two projects (decision 0077). The code's own tests share their workers' modules from file to
    // file (isolate: false): each file that needs a database takes a fresh one from
    // tests/support/test-database.ts, which also resets the modules' state (the environment,
    // auth, mail, caches), and loading the store's modules again for each of some 150 files was
    // about three quarters of the run. The tests that start servers or kill processes keep a
    // fresh module graph per file.
    projects: [
      {
        extends: true,
        test: {
          name: "code",
          include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "servers",
          include: ["tests/scale-out/**/*.test.ts", "tests/reliability/**/*.test.ts", "tests/security/**/*.test.ts"],
        },
      },
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // CI collects a JSON report per run (see .ci/run).
    reporters: process.env.CI_REPORT_DIR ? ["default", "json"] : ["default"],
    outputFile: process.env.CI_REPORT_DIR
      ? { json: `${process.env.CI_REPORT_DIR}/${process.env.CI_REPORT_NAME ?? "vitest"}.json` }
      : undefined,
  },
});
