// Passes for the insights (ADR 036): the live feature says how to ask its open connection for
// one; the player asks as a stretch of listening starts and sends it with its writes.
type AskForPass = () => Promise<string | null>;

let passSource: AskForPass | null = null;

export function setLivePassSource(source: AskForPass | null): void {
  passSource = source;
}

/** A pass from the live connection, or null when none is open (the stretch is then not counted live). */
export function requestLivePass(): Promise<string | null> {
  return passSource ? passSource() : Promise.resolve(null);
}

/**
 * Asks for a stretch's pass unless it has one or an ask is under way: called as the stretch
 * begins and before each of its writes, so a stretch begun before the connection opened (a press
 * at first paint, a reconnect) still gets one.
 */
export function askForPass(stretch: { livePass?: string; asking?: boolean }): void {
  if (stretch.livePass || stretch.asking) return;
  stretch.asking = true;
  void requestLivePass().then((pass) => {
    stretch.asking = false;
    if (pass) stretch.livePass = pass;
  });
}
