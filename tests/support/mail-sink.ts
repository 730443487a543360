import http from "node:http";
import { SMTPServer } from "smtp-server";
import { type ParsedMail, parseMail } from "./mail-parse";

/**
 * A real SMTP server for the browser tests: the store sends to it over SMTP (SMTP_URL), and
 * tests read what arrived over HTTP: GET /messages?to=address, DELETE /messages.
 */
const smtpPort = Number(process.env.SINK_SMTP_PORT ?? 2626);
const httpPort = Number(process.env.SINK_HTTP_PORT ?? 2627);
const received: (ParsedMail & { receivedAt: string })[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () => {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      received.push({ ...parseMail(Buffer.concat(chunks).toString("utf8"), to), receivedAt: new Date().toISOString() });
      callback();
    });
  },
});
smtp.listen(smtpPort, "127.0.0.1");

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://sink");
    if (url.pathname === "/health") {
      res.end("ok");
      return;
    }
    if (url.pathname === "/messages" && req.method === "DELETE") {
      received.length = 0;
      res.end("[]");
      return;
    }
    if (url.pathname === "/messages") {
      const to = url.searchParams.get("to")?.toLowerCase();
      const list = to ? received.filter((m) => m.to.includes(to)) : received;
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(list));
      return;
    }
    res.statusCode = 404;
    res.end();
  })
  .listen(httpPort, "127.0.0.1", () => console.log(`mail sink: smtp ${smtpPort}, http ${httpPort}`));
