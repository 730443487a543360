import * as API_MESSAGES from "~/lib/messages/api";

/**
 * The API's reference for people (/api/v1/docs): plain HTML drawn on the server from the OpenAPI
 * document, with no script at all (nothing is added to the store's pages or their JavaScript).
 */

type Json = Record<string, unknown>;

function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function schemaText(schema: unknown): string {
  return escapeHtml(JSON.stringify(schema, null, 2));
}

export function referencePage(document: Json, _nonce?: string): string {
  const info = document.info as Json;
  const paths = document.paths as Record<string, Record<string, Json>>;
  const sections: string[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const parameters = (op.parameters as Json[]) ?? [];
      const body = (op.requestBody as Json | undefined)?.content as Json | undefined;
      const responses = op.responses as Record<string, Json>;
      const ok = Object.entries(responses).find(([status]) => status.startsWith("2"));
      sections.push(`<section id="${escapeHtml(op.operationId)}">
<h3><code>${escapeHtml(method.toUpperCase())} /api/v1${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary)}. Scope: <code>${escapeHtml(op["x-scope"])}</code>.</p>
${
  parameters.length
    ? `<table><thead><tr><th scope="col">Parameter</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${parameters
        .map(
          (p) =>
            `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? "yes" : "no"}</td><td><code>${escapeHtml(JSON.stringify(p.schema))}</code>${p.description ? ` ${escapeHtml(p.description)}` : ""}</td></tr>`,
        )
        .join("")}</tbody></table>`
    : ""
}
${body ? `<details><summary>Request body</summary><pre>${schemaText((body["application/json"] as Json).schema)}</pre></details>` : ""}
${ok ? `<details><summary>Answer ${escapeHtml(ok[0])}</summary><pre>${schemaText(((ok[1].content as Json)["application/json"] as Json).schema)}</pre></details>` : ""}
<p>Errors: ${Object.keys(responses)
        .filter((s) => !s.startsWith("2"))
        .map(escapeHtml)
        .join(", ")} (problem documents).</p>
</section>`);
    }
  }
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(info.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:0 auto;padding:1rem;color:#0f172a}
pre{background:#f1f5f9;padding:.75rem;overflow:auto;font-size:13px}table{border-collapse:collapse;width:100%;font-size:14px}
td,th{border:1px solid #cbd5e1;padding:.25rem .5rem;text-align:left;vertical-align:top}section{border-top:1px solid #cbd5e1;margin-top:1.5rem}
code{overflow-wrap:anywhere}a{color:#1d4ed8}</style></head>
<body><main><h1>${escapeHtml(info.title)} ${escapeHtml(info.version)}</h1>
<p>${escapeHtml(API_MESSAGES.docsIntro)}</p>
<p><a href="/api/v1/openapi.json">openapi.json</a></p>
<h2>Endpoints</h2>
${sections.join("\n")}
</main></body></html>`;
}
