import { env } from "../runtime/env";

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Wraps paragraphs (plain text, escaped here) and an optional button in the store's mail layout. */
export function layout(paragraphs: string[], action?: { label: string; url: string }): { text: string; html: string } {
  const e = env();
  const footer = `${e.STORE_NAME} · ${e.STORE_ADDRESS} · ${e.STORE_PHONE}`;
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), "", footer].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#1e3a5f">${escapeHtml(e.STORE_NAME)}</h1>
${paragraphs.map((p) => `<p style="line-height:1.5;white-space:pre-line">${escapeHtml(p)}</p>`).join("\n")}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#1e3a5f;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` : ""}
<p style="font-size:12px;color:#475569;margin-top:32px">${escapeHtml(footer)}</p>
</body></html>`;
  return { text, html };
}
