// The reader's last step (ADR 019): covers are looked up in the background, after the push and
// never before it, so a slow provider delays no title. Lookups under way are kept for tests.
export class CoverLookups {
  readonly lookups = new Set<Promise<void>>();

  /** Runs `work` in the background; its failure is logged. Settles when it is done, never rejects. */
  start(work: () => Promise<void>): Promise<void> {
    const lookup = work().catch((err: unknown) => console.error("live room: the artwork lookup failed", err));
    this.lookups.add(lookup);
    void lookup.finally(() => this.lookups.delete(lookup));
    return lookup;
  }

  async settle(): Promise<void> {
    while (this.lookups.size > 0) await Promise.all(this.lookups);
  }
}
