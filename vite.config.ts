import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    rollupOptions: isSsrBuild
      ? { input: "./server/app.ts" }
      : {
          // The form schemas have no side effects: a route that imports one for its action only
          // must not pull zod into the browser bundle.
          treeshake: { moduleSideEffects: (id: string) => !id.includes("/app/lib/schemas/") },
        },
  },
  ssr: {
    // Native and Node-only packages stay external in the server bundle.
    external: ["better-sqlite3", "sharp", "pg", "nodemailer"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
