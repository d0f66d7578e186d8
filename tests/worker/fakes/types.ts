import type { IncomingHttpHeaders, ServerResponse } from "node:http";

export type FakeRequest = { method: string; url: URL; headers: IncomingHttpHeaders; body: string };

/** Answers the request and returns true when the path is its own; false to pass it on. */
export type FakeHandler = (req: FakeRequest, res: ServerResponse) => boolean;

export function sendJson(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
  return true;
}

/** A JSON 200 after 5 s: longer than the worker waits for any upstream. */
export function sendJsonSlowly(res: ServerResponse, body: unknown): true {
  setTimeout(() => sendJson(res, 200, body), 5000);
  return true;
}

/** An HTML page where JSON was expected, as a proxy's error page would be. */
export function sendHtml(res: ServerResponse, html: string): true {
  res.writeHead(200, { "Content-Type": "text/html" });
  res.end(html);
  return true;
}
