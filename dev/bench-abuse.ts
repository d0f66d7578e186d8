// `npm run bench:abuse [-- --networks 300 --sockets 30]`: a benchmark of abuse from many
// addresses (ADR 032), not a test: it fails only when it cannot measure. Starts the
// local site and station on free ports with the budgets below (smaller than the defaults, so a
// run takes a minute, not an hour), connects one real listener, then from many client networks
// (loopback, each request naming its own address in CF-Connecting-IP, which the local stack keeps)
// tries to fill the favorites, contact messages and listening stretches, to spend the mail, and
// to hold thousands of live sockets. It prints what was stored, mailed and held against each
// budget, and the delay of the station's changes pushed to the real listener meanwhile.
import { parseArgs } from "node:util";
import { startSite } from "./local-site.ts";

const { values } = parseArgs({
  options: {
    networks: { type: "string", default: "300" },
    sockets: { type: "string", default: "30" },
  },
});
const networks = Number(values.networks);
const socketsPerNetwork = Number(values.sockets);

/** The site's settings for the run: the budgets a flood should meet, and the live room's ceilings. */
const settings = {
  SITE_BUDGET_FAVORITES_PER_HOUR: 500,
  SITE_BUDGET_LISTENING_PER_HOUR: 500,
  SITE_BUDGET_CONTACT_PER_HOUR: 60,
  SITE_BUDGET_MAIL_PER_HOUR: 200,
  LIVE_SOCKETS_PER_NETWORK: 20,
  LIVE_SOCKETS_PER_SHARD: 2000,
  LIVE_SHARDS: 1,
};
const rotations = 5;

/** Half the networks IPv4, half /64s of a few IPv6 /48s (a host's customer rotating through them). */
function networkAddress(n: number): string {
  if (n % 2 === 0) return `198.18.${(n >> 8) & 255}.${n & 255}`;
  return `2001:db8:${(n % 7).toString(16)}:${n.toString(16)}::1`;
}

/** An anonymous owner id as the SPA makes them (web/lib/session-id.ts). */
const anonymousOwner = () => `session-${Date.now()}-${crypto.randomUUID().replaceAll("-", "")}`;

type Tally = { attempts: number; byStatus: Map<number, number> };

/** Runs `attempt(i)` for i < count, `concurrency` at a time, counting the answers' statuses. */
async function flood(
  count: number,
  attempt: (i: number) => Promise<Response>,
  concurrency = 16,
): Promise<Tally> {
  const tally: Tally = { attempts: count, byStatus: new Map() };
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const res = await attempt(i).catch(() => null);
        const status = res?.status ?? 0;
        await res?.arrayBuffer().catch(() => {});
        tally.byStatus.set(status, (tally.byStatus.get(status) ?? 0) + 1);
      }
    }),
  );
  return tally;
}

const describeTally = (t: Tally) =>
  [...t.byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status || "failed"}`)
    .join(", ");

type Listener = { socket: WebSocket; received: Map<string, number> };

function openSocket(liveUrl: string, origin: string, address: string): Promise<Listener | null> {
  return new Promise((resolve) => {
    // Node's WebSocket (undici) takes headers beside the standard arguments.
    const init = { headers: { Origin: origin, "CF-Connecting-IP": address } };
    const socket = new WebSocket(liveUrl, init as unknown as string[]);
    const listener: Listener = { socket, received: new Map() };
    const timer = setTimeout(() => {
      socket.close();
      resolve(null);
    }, 15_000);
    socket.onmessage = (event) => {
      const title = (JSON.parse(String(event.data)) as { current?: { title?: string } }).current?.title;
      if (title && !listener.received.has(title)) listener.received.set(title, Date.now());
      clearTimeout(timer);
      resolve(listener);
    };
    // Refused (429, 503, 403): the handshake fails.
    socket.onerror = () => {
      clearTimeout(timer);
      resolve(null);
    };
  });
}

async function main() {
  const vars = Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, String(v)]));
  console.log("bench:abuse: starting the local site (the station changes only when told) ...");
  const site = await startSite({ rotateSeconds: 24 * 60 * 60, vars });
  const origin = site.baseUrl;
  const liveUrl = `${site.baseUrl.replace(/^http/, "ws")}/api/radio/live`;
  const post = (path: string, body: unknown, address: string) =>
    fetch(`${site.baseUrl}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin, "CF-Connecting-IP": address },
      body: JSON.stringify(body),
    });
  const held: Listener[] = [];
  try {
    const listener = await openSocket(liveUrl, origin, "192.0.2.10");
    if (!listener) throw new Error("the real listener could not connect");

    const started = Date.now();
    const perNetwork = (total: number) => Math.ceil(total / networks);
    const favorites = await flood(settings.SITE_BUDGET_FAVORITES_PER_HOUR * 2, (i) =>
      post(
        "/api/favorites",
        {
          sessionId: anonymousOwner(),
          trackTitle: `Flood ${i} ${"x".repeat(250)}`,
          trackArtist: "A",
        },
        networkAddress(Math.floor(i / perNetwork(settings.SITE_BUDGET_FAVORITES_PER_HOUR * 2))),
      ),
    );
    const contact = await flood(settings.SITE_BUDGET_CONTACT_PER_HOUR * 3, (i) =>
      post("/api/contact", { name: "Flood", message: `Message ${i} ${"y".repeat(4000)}` }, networkAddress(i)),
    );
    const listening = await flood(settings.SITE_BUDGET_LISTENING_PER_HOUR * 2, (i) =>
      post(
        "/api/listening",
        {
          sessionId: anonymousOwner(),
          listeningId: crypto.randomUUID(),
          startedAt: Date.now(),
          quality: "hd",
        },
        networkAddress(Math.floor(i / perNetwork(settings.SITE_BUDGET_LISTENING_PER_HOUR * 2))),
      ),
    );
    const mail = await flood(settings.SITE_BUDGET_MAIL_PER_HOUR * 2, (i) =>
      post("/api/auth/request-login", { email: `victim-${i}@example.com` }, networkAddress(i % networks)),
    );
    const writesSeconds = (Date.now() - started) / 1000;

    // Thousands of sockets, each network trying `socketsPerNetwork`.
    let refused = 0;
    for (let n = 0; n < networks; n++) {
      const opened = await Promise.all(
        Array.from({ length: socketsPerNetwork }, () => openSocket(liveUrl, origin, networkAddress(n))),
      );
      for (const socket of opened) {
        if (socket) held.push(socket);
        else refused++;
      }
    }
    const newcomer = await openSocket(liveUrl, origin, "192.0.2.11");
    newcomer?.socket.close();

    // The station changes while the flood holds its sockets: how soon does the real listener hear?
    const delays: number[] = [];
    for (let round = 0; round < rotations; round++) {
      const res = await fetch(`${site.stationHelperUrl}/rotate`, { method: "POST" });
      const rotation = (await res.json()) as { current: { title: string }; titledAt: { hd?: number } };
      const title = rotation.current.title;
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && !listener.received.has(title))
        await new Promise((r) => setTimeout(r, 20));
      const at = listener.received.get(title);
      delays.push(at === undefined ? Number.POSITIVE_INFINITY : at - (rotation.titledAt.hd ?? 0));
      await new Promise((r) => setTimeout(r, 1000));
    }
    const health = (await (await fetch(`${site.baseUrl}/api/health`)).json()) as {
      budgetsSpent: { name: string }[];
    };

    const stored = (t: Tally, status: number) => t.byStatus.get(status) ?? 0;
    console.log(
      `\nbench:abuse: ${networks} client networks (half IPv4, half IPv6 /64s in 7 /48s), writes in ${writesSeconds.toFixed(1)} s`,
    );
    const rows: [string, number, number, number, string][] = [
      [
        "anonymous favorites stored",
        favorites.attempts,
        stored(favorites, 201),
        settings.SITE_BUDGET_FAVORITES_PER_HOUR,
        describeTally(favorites),
      ],
      [
        "contact messages stored",
        contact.attempts,
        stored(contact, 201),
        settings.SITE_BUDGET_CONTACT_PER_HOUR,
        describeTally(contact),
      ],
      [
        "listening stretches begun",
        listening.attempts,
        stored(listening, 200),
        settings.SITE_BUDGET_LISTENING_PER_HOUR,
        describeTally(listening),
      ],
      [
        "login mails sent",
        mail.attempts,
        stored(mail, 200),
        settings.SITE_BUDGET_MAIL_PER_HOUR,
        describeTally(mail),
      ],
      [
        "live sockets held",
        networks * socketsPerNetwork,
        held.length,
        settings.LIVE_SOCKETS_PER_SHARD * settings.LIVE_SHARDS,
        `${refused} refused`,
      ],
    ];
    console.log("| what | tried | got through | budget | answers |\n| --- | --- | --- | --- | --- |");
    for (const [what, tried, through, budget, answers] of rows) {
      console.log(
        `| ${what} | ${tried} | ${through}${through > budget ? " (OVER)" : ""} | ${budget} | ${answers} |`,
      );
    }
    console.log(
      `\nbudgets spent, as /api/health lists them: ${health.budgetsSpent.map((b) => b.name).join(", ") || "none"}`,
    );
    console.log(`a new listener during the flood: ${newcomer ? "connected" : "refused (polls instead)"}`);
    const sorted = [...delays].sort((a, b) => a - b);
    console.log(
      `the real listener's pushes while ${held.length} sockets were held: ${sorted.map((d) => (Number.isFinite(d) ? `${d} ms` : "lost")).join(", ")} (host title change -> receipt; target < 3000 ms)`,
    );
    listener.socket.close();
  } finally {
    for (const socket of held) socket.socket.close();
    await site.stop();
  }
}

await main();
