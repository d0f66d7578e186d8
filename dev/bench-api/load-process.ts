// The load generator as its own process: autocannon shares no event loop with Miniflare, which
// in the parent process reads the worker's log (a line per request, worker/lib/request-log.ts) and
// would otherwise take the load generator's time while the worker, but not the static server,
// is loaded. Forked by startLoader (load.ts); measures one target per message, answers with the
// Measurement, and stops when the channel closes.
import { type LoadOptions, measure } from "./load.ts";

if (!process.send) throw new Error("usage: forked by dev/bench-api/load.ts");

process.on("message", (message: { url: string; options: LoadOptions; headers: Record<string, string> }) => {
  measure(message.url, message.options, message.headers).then(
    (result) => process.send?.({ result }),
    (error: unknown) => process.send?.({ error: String(error) }),
  );
});
process.on("disconnect", () => process.exit(0));
