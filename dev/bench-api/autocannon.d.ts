// The part of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds per request. */
    timeout?: number;
    headers?: Record<string, string>;
    warmup?: { connections?: number; duration?: number };
  };

  export type Histogram = { average: number; p50: number; p99: number; total: number };

  export type Result = {
    url: string;
    /** Seconds. */
    duration: number;
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };

  /** An EventEmitter that is also a promise of the result; "response" gives each request's milliseconds. */
  export type Instance = EventEmitter &
    PromiseLike<Result> & {
      on(
        event: "response",
        listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void,
      ): Instance;
    };

  export default function autocannon(options: Options): Instance;
}
