// How the worker and the live room reach the rewind recorders (ADR 040): one per quality.
import { type RewindQuality, rewindQualities } from "./stream-recorder";

export function streamRecorder(env: Env, quality: RewindQuality) {
  return env.STREAM_RECORDER.getByName(quality);
}

/** Asks every recorder to go on (or, with REWIND_MINUTES 0, to stop); never throws. */
export async function ensureRecorders(env: Env): Promise<void> {
  await Promise.all(
    rewindQualities.map((quality) =>
      streamRecorder(env, quality)
        .ensure()
        .catch((err: unknown) => console.error(`rewind recorder ${quality} did not answer: ${String(err)}`)),
    ),
  );
}
