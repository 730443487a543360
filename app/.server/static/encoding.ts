/** The content codings a client accepts (q=0 means refused), from its Accept-Encoding header. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  if (!header) return accepted;
  for (const part of header.split(",")) {
    const [coding = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(coding.trim());
  }
  return accepted;
}

/** The smallest stored coding the client accepts: brotli, then gzip, else none. */
export function preferredEncoding(
  header: string | undefined,
  available: { br: boolean; gzip: boolean },
): "br" | "gzip" | null {
  if (!header || !(available.br || available.gzip)) return null;
  const accepted = acceptedEncodings(header);
  if (available.br && accepted.has("br")) return "br";
  if (available.gzip && (accepted.has("gzip") || accepted.has("*"))) return "gzip";
  return null;
}
