/** See vite-plugins/lazy-import.ts. */
declare module "lazy-import:sonner" {
  const load: () => Promise<typeof import("sonner")>;
  export default load;
}

declare module "lazy-import:~/components/cart/add-to-browser-cart" {
  const load: () => Promise<typeof import("~/components/cart/add-to-browser-cart")>;
  export default load;
}

declare module "lazy-import:~/components/saved-lists/product-lists" {
  const load: () => Promise<typeof import("~/components/saved-lists/product-lists")>;
  export default load;
}

declare module "lazy-import:~/components/saved-lists/list-picker" {
  const load: () => Promise<typeof import("~/components/saved-lists/list-picker")>;
  export default load;
}

declare module "lazy-import:~/components/cart/add-to-cart" {
  const load: () => Promise<typeof import("~/components/cart/add-to-cart")>;
  export default load;
}

declare module "lazy-import:~/components/tier-table" {
  const load: () => Promise<typeof import("~/components/tier-table")>;
  export default load;
}

declare module "lazy-import:~/components/cart/grid-cart" {
  const load: () => Promise<typeof import("~/components/cart/grid-cart")>;
  export default load;
}
