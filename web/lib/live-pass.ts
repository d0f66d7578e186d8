// Passes for the insights (ADR 036): the live feature says how to ask its open connection for
// one; the player asks as a stretch of listening starts and sends it with its writes.
type AskForPass = () => Promise<string | null>;

let askForPass: AskForPass | null = null;

export function setLivePassSource(source: AskForPass | null): void {
  askForPass = source;
}

/** A pass from the live connection, or null when none is open (the stretch is then not counted live). */
export function requestLivePass(): Promise<string | null> {
  return askForPass ? askForPass() : Promise.resolve(null);
}
