// A Content-Security-Policy header read as its directives: name -> sources, in order.
export function cspDirectives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? "").split(";").map((d) => {
      const [name = "", ...sources] = d.trim().split(/\s+/);
      return [name, sources] as const;
    }),
  );
}
