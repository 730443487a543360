/** Headers for anything personal: never stored by a browser cache, proxy or CDN. */
export const PRIVATE_NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** Reads the `intent` of a form post (one action, several buttons). */
export function intentOf(form: FormData): string {
  const v = form.get("intent");
  return typeof v === "string" ? v : "";
}
