// One WebSocket to /api/radio/live for the whole app: reconnects with exponential backoff and
// full jitter (so a deploy, which closes every socket, does not bring every listener back in
// the same second), and pings so a dead connection on a sleeping phone is noticed.
import type { LiveMessage, LivePassMessage } from "#schema/api.ts";

/**
 * Live updates (/api/radio/live): a reconnect waits a random time between 1 s and a window
 * that starts at 10 s and doubles per failed attempt up to 60 s (a deploy closes every
 * socket: listeners come back spread over 10 s, not in one second). Ping every 25 s.
 */
const liveInitialRetryMs = 1000;
export const liveRetryWindowMs = 10_000;
export const liveMaxRetryMs = 60_000;
const livePingIntervalMs = 25_000;
const livePongTimeoutMs = 10_000;

export type LiveHandlers = {
  onMessage: (message: LiveMessage, firstOfConnection: boolean) => void;
  onOpenChange: (open: boolean) => void;
};

/** The delay before reconnect attempt `attempt` (0-based): uniform in [1 s, min(60 s, 10 s * 2^attempt)]. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(liveMaxRetryMs, liveRetryWindowMs * 2 ** attempt);
  return liveInitialRetryMs + random() * (ceiling - liveInitialRetryMs);
}

/** A cheap shape check: the bundle carries no zod, and a bad message is dropped, not shown. */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== "string") return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof message !== "object" || message === null) return null;
  const m = message as Partial<LiveMessage>;
  const current = m.current as { title?: unknown; artist?: unknown } | undefined;
  if (m.type !== "now-playing" || typeof m.version !== "number") return null;
  if (typeof current?.title !== "string" || typeof current.artist !== "string") return null;
  return m as LiveMessage;
}

/** A pass answer (ADR 036), or null when the data is something else. */
export function parsePassMessage(data: unknown): LivePassMessage | null {
  if (typeof data !== "string" || !data.startsWith('{"type":"pass"')) return null;
  try {
    const m = JSON.parse(data) as Partial<LivePassMessage>;
    return m.type === "pass" && (typeof m.pass === "string" || m.pass === null)
      ? (m as LivePassMessage)
      : null;
  } catch {
    return null;
  }
}

/** How long a player waits for its pass before it writes without one. */
const passWaitMs = 5000;

export type LiveConnection = {
  stop: () => void;
  /** A pass for the insights from the open connection, or null (none open, none given, too slow). */
  requestPass: () => Promise<string | null>;
};

export function liveUrl(location: Location): string {
  const protocol = location.protocol === "https:" ? "wss:" : "ws:";
  return `${protocol}//${location.host}/api/radio/live`;
}

/** Opens the connection and keeps it open until `stop` is called. */
export function connectLive(url: string, handlers: LiveHandlers): LiveConnection {
  let socket: WebSocket | undefined;
  /** Answers awaited for passes asked on the open connection, oldest first. */
  let passWaiters: ((pass: string | null) => void)[] = [];
  const answerPasses = (pass: string | null) => {
    const waiters = passWaiters;
    passWaiters = [];
    for (const resolve of waiters) resolve(pass);
  };
  let attempt = 0;
  let stopped = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  const clearTimers = () => {
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
    pongTimer = undefined;
  };

  /** The connection is gone (closed, or silent): polling takes over until a new one opens. */
  const lost = (ws: WebSocket) => {
    if (socket !== ws) return;
    socket = undefined;
    clearTimers();
    ws.onopen = null;
    ws.onmessage = null;
    ws.onclose = null;
    answerPasses(null);
    handlers.onOpenChange(false);
    if (stopped) return;
    retryTimer = setTimeout(open, retryDelayMs(attempt));
    attempt++;
  };

  const ping = (ws: WebSocket) => {
    if (ws.readyState !== WebSocket.OPEN) return;
    ws.send("ping");
    pongTimer ??= setTimeout(() => {
      // A dead network would take the browser long to notice: give up on it now.
      lost(ws);
      ws.close(4000, "No pong");
    }, livePongTimeoutMs);
  };

  // A phone waking up (the tab shown again) checks its connection at once.
  const onVisibilityChange = () => {
    if (document.visibilityState === "visible" && socket) ping(socket);
  };
  document.addEventListener("visibilitychange", onVisibilityChange);

  function open() {
    let first = true;
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      handlers.onOpenChange(true);
      const waiting = openWaiters;
      openWaiters = [];
      for (const ask of waiting) ask();
      pingTimer = setInterval(() => ping(ws), livePingIntervalMs);
    };
    ws.onmessage = (event) => {
      if (event.data === "pong") {
        clearTimeout(pongTimer);
        pongTimer = undefined;
        return;
      }
      const pass = parsePassMessage(event.data);
      if (pass) {
        passWaiters.shift()?.(pass.pass);
        return;
      }
      const message = parseLiveMessage(event.data);
      if (!message) return;
      handlers.onMessage(message, first);
      first = false;
    };
    ws.onclose = () => lost(ws);
  }

  /** Asks of a connection that is not open yet (the page just loaded, a reconnect waits). */
  let openWaiters: (() => void)[] = [];

  /** Within passWaitMs in all: asked once the connection is open, answered or null. */
  const requestPass = () =>
    new Promise<string | null>((resolve) => {
      let settled = false;
      const settle = (pass: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        passWaiters = passWaiters.filter((waiter) => waiter !== settle);
        openWaiters = openWaiters.filter((waiter) => waiter !== ask);
        resolve(pass);
      };
      const ask = () => {
        const ws = socket;
        if (stopped || !ws || ws.readyState !== WebSocket.OPEN) return settle(null);
        passWaiters.push(settle);
        ws.send("pass");
      };
      const timer = setTimeout(() => settle(null), passWaitMs);
      if (stopped) settle(null);
      else if (socket?.readyState === WebSocket.OPEN) ask();
      else openWaiters.push(ask);
    });

  open();
  const stop = () => {
    stopped = true;
    // Asks waiting for a connection get null now: none will open.
    for (const ask of openWaiters) ask();
    clearTimeout(retryTimer);
    document.removeEventListener("visibilitychange", onVisibilityChange);
    const ws = socket;
    if (ws) {
      lost(ws);
      ws.close(1000, "Leaving");
    }
  };
  return { stop, requestPass };
}
