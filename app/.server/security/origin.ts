/**
 * Whether a state-changing request comes from our own pages. Browsers send Origin on every
 * POST (form posts included) and Sec-Fetch-Site on modern ones; a request with neither is
 * not from a browser page and is allowed (curl, server-to-server), since it carries no
 * ambient credentials of a victim.
 */
export function isSameOrigin(
  origin: string | undefined,
  fetchSite: string | string[] | undefined,
  host: string | undefined,
  baseUrl: string,
): boolean {
  if (typeof fetchSite === "string" && fetchSite !== "same-origin" && fetchSite !== "none") return false;
  if (!origin) return typeof fetchSite !== "string" || fetchSite === "same-origin" || fetchSite === "none";
  if (origin === "null") return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(baseUrl).origin) return true;
  return host !== undefined && parsed.host === host;
}
