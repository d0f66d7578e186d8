// The order of bench:web's Lighthouse runs. A shared host's speed drifts from minute to minute
// (ADR 039), so each route's run N is made next to the floor's run N, under the same load, with
// the same server running (ADR 060): "TBT over floor" then compares runs made side by side.

export type Turn<P, T> = { page: P; target: T; run: number };

/** For each target, run 1 of every page, then run 2 of every page, and so on. */
export function interleave<P, T>(pages: readonly P[], targets: readonly T[], runs: number): Turn<P, T>[] {
  return targets.flatMap((target) =>
    Array.from({ length: runs }, (_, i) => pages.map((page) => ({ page, target, run: i + 1 }))).flat(),
  );
}
