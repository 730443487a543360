import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets parallel test runs keep separate builds (default: build/).
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
