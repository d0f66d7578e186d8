import type { IncomingHttpHeaders, ServerResponse } from "node:http";

export type FakeRequest = { method: string; url: URL; headers: IncomingHttpHeaders; body: string };

/** Answers the request and returns true when the path is its own; false to pass it on. */
export type FakeHandler = (req: FakeRequest, res: ServerResponse) => boolean;

export function sendJson(res: ServerResponse, status: number, body: unknown): true {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
  return true;
}
