/** See vite-plugins/lazy-import.ts. */
declare module "lazy-import:sonner" {
  const load: () => Promise<typeof import("sonner")>;
  export default load;
}
