/** Just enough RFC 5322 / MIME reading to get the subject, recipients and text of our own mails. */
export interface ParsedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Files attached (a purchase order's PDF): name, type, size and first bytes. */
  attachments: { filename: string; contentType: string; bytes: number; head: string }[];
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const soft = input.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i] as string;
    if (c === "=" && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  let last = "";
  for (const line of head.split(/\r?\n/)) {
    if (/^\s/.test(line) && last) headers.set(last, `${headers.get(last)} ${line.trim()}`);
    else {
      const i = line.indexOf(":");
      if (i > 0) {
        last = line.slice(0, i).toLowerCase();
        headers.set(last, line.slice(i + 1).trim());
      }
    }
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? "").toLowerCase();
  if (enc === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (enc === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

type Walked = { text: string; html: string; attachments: ParsedMail["attachments"] };

function walk(raw: string, out: Walked) {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      walk(part.replace(/^\r?\n/, ""), out);
    }
    return;
  }
  const disposition = headers.get("content-disposition") ?? "";
  if (/^attachment/i.test(disposition)) {
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? "";
    const enc = (headers.get("content-transfer-encoding") ?? "").toLowerCase();
    const bytes = enc === "base64" ? Buffer.from(body.replace(/\s+/g, ""), "base64") : Buffer.from(body);
    out.attachments.push({
      filename,
      contentType: type.split(";")[0]?.trim() ?? "",
      bytes: bytes.length,
      head: bytes.subarray(0, 8).toString("latin1"),
    });
    return;
  }
  const decoded = decodeBody(body, headers.get("content-transfer-encoding"));
  if (type.toLowerCase().startsWith("text/html")) out.html += decoded;
  else if (type.toLowerCase().startsWith("text/plain")) out.text += decoded;
}

export function parseMail(raw: string, envelopeTo: string[]): ParsedMail {
  const { headers } = splitHeaders(raw);
  const out: Walked = { text: "", html: "", attachments: [] };
  walk(raw, out);
  return {
    to: envelopeTo,
    from: decodeHeader(headers.get("from") ?? ""),
    subject: decodeHeader(headers.get("subject") ?? ""),
    text: out.text,
    html: out.html,
    attachments: out.attachments,
  };
}
