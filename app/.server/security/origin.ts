/**
 * Whether a state-changing request comes from our own pages. Browsers send Origin on every
 * POST (form posts included) and Sec-Fetch-Site on modern ones; a request with neither is
 * not from a browser page and is allowed (curl, server-to-server), since it carries no
 * ambient credentials of a victim. The origin it must have is the store's configured one
 * (BASE_URL): the Host header is chosen by the client and proves nothing.
 */
export function isSameOrigin(
  origin: string | undefined,
  fetchSite: string | string[] | undefined,
  baseUrl: string,
): boolean {
  if (typeof fetchSite === "string" && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  if (!origin) return typeof fetchSite !== "string" || fetchSite === "same-origin" || fetchSite === "none";
  if (origin === "null") return false;
  try {
    return new URL(origin).origin === new URL(baseUrl).origin;
  } catch {
    return false;
  }
}
