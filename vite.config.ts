import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { lazyImport } from "./vite-plugins/lazy-import.ts";

/**
 * How the browser code is cut into files (decision 0010). Every page loads React and React
 * Router, and every page of the store loads its chrome, so each of those is one file instead of
 * a dozen small ones: gzip then compresses them together, and a page makes fewer requests. A
 * group takes the modules it names and everything they import that a stronger group has not.
 */
const chunkGroups = [
  {
    name: "framework",
    test: (id: string) =>
      /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id) ||
      /[\\/]app[\\/](components[\\/]app-shell\.tsx|lib[\\/](seo|offline|route-policy)\.ts|components[\\/]ui[\\/]form-message\.tsx)$/.test(
        id,
      ),
    priority: 3,
  },
  // The document, header, footer, age gate and toasts, and the meta helper of every route.
  // Also what the root and the group layouts take (the offline rule, the groups' access table):
  // tiny on their own, a file each would cost every page a request and its own compression.
  {
    name: "shell",
    test: /[\\/]app[\\/](components[\\/]app-shell\.tsx|lib[\\/](seo|offline|route-policy)\.ts|components[\\/]ui[\\/]form-message\.tsx)$/,
    priority: 2,
  },
  // What the catalog pages (home, category, product, search) share.
  { name: "catalog", test: /[\\/]app[\\/]components[\\/]product-card\.tsx$/, priority: 1 },
  // Changing the cart (Add to Cart, the cart's steppers, quick order) and checking it with the
  // server (cart, checkout): its rules and notices. The shell keeps only what reads and counts the
  // cart (lib/cart-lines.ts).
  {
    name: "cart",
    test: /[\\/]app[\\/](lib[\\/](cart|cart-check|quantity)\.ts|components[\\/]cart[\\/](add-to-browser-cart\.ts|use-cart-check\.ts|line-problem\.tsx))$/,
    priority: 1,
  },
];

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // SOURCEMAP=1 npm run build: to see what a browser chunk is made of.
    sourcemap: !!process.env.SOURCEMAP,
  },
  // React Router 8 builds through Vite's Environment API: the browser code and the server bundle
  // are two environments, each with its own build options.
  environments: {
    client: {
      build: {
        rollupOptions: {
          // The form schemas have no side effects: a route that imports one for its action only
          // must not pull zod into the browser bundle. Nor do the messages: a page whose messages
          // are all inlined must not load the chunk that holds the messages module for nothing.
          treeshake: {
            moduleSideEffects: (id: string) =>
              !/[\\/]app[\\/]lib[\\/](schemas[\\/]|messages\.ts$|messages[\\/])/.test(id),
          },
          output: { codeSplitting: { groups: chunkGroups } },
          // Constants (the spec's messages above all) are written where they are used, so a message
          // a route shows travels with that route instead of sitting in the shared shell.
          optimization: { inlineConst: { mode: "all" } },
        },
      },
    },
    ssr: {
      // The server bundle is our Express app (server/app.ts), which serves the React Router build.
      build: { rollupOptions: { input: "./server/app.ts" } },
    },
  },
  ssr: {
    // Native and Node-only packages stay external in the server bundle.
    external: ["better-sqlite3", "sharp", "pg", "nodemailer"],
  },
  plugins: [tailwindcss(), lazyImport(), reactRouter()],
});
