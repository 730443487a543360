import type { Plugin } from "vite";

const PREFIX = "lazy-import:";

/**
 * `import load from "lazy-import:sonner"` gives a function that imports the package on demand,
 * like `() => import("sonner")`.
 *
 * Why not write `import("sonner")`: in a client build Vite wraps every dynamic import in its
 * module-preload helper (about 2 KB, 0.8 KB gzipped), and the chunk that holds the import then
 * carries the helper to every page. The helper preloads the lazy chunk's own dependencies, and a
 * package like sonner has none that the page has not already loaded (React). So in a client
 * build the package is emitted as a chunk of its own and imported by its final URL, which Vite
 * leaves alone; everywhere else (dev server, server build, tests) it is a plain dynamic import.
 */
export function lazyImport(): Plugin {
  return {
    name: "lazy-import",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const target = id.slice(PREFIX.length + 1);
      if (this.environment.config.consumer === "client" && this.environment.mode === "build") {
        const ref = this.emitFile({ type: "chunk", id: target, name: target.replace(/\W+/g, "-") });
        return `export default () => import(/* @vite-ignore */ import.meta.ROLLUP_FILE_URL_${ref});`;
      }
      return `export default () => import(${JSON.stringify(target)});`;
    },
  };
}
