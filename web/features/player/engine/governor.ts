// The MSE stream's pace (mse-stream.ts, ADR 030): says when the buffer ran dry with the
// connection down, and back; grows the buffer to targetAheadSeconds while it is short by playing
// slightly slower (pitch kept), then plays at normal speed again.

/**
 * Audio to hold ahead of the playing position, so a network loss of 2 s passes unheard. A host's
 * burst may give less (Icecast's default 64 KB is 1.6 s at 320 kbps): then the element plays 3%
 * slower, pitch kept, until it has this much (about 30 s from the press at 320 kbps).
 */
const targetAheadSeconds = 2.6;
const buildUpRate = 0.97;
/** Less than this ahead with the connection down: the listener hears the drop. */
export const starvingAheadSeconds = 0.3;

/** Checks every 250 ms; answers the interval, which the stream clears when it stops. */
export function startGovernor(
  audio: HTMLAudioElement,
  read: () => { down: boolean; mediaEnd: number },
  onStarving: (starving: boolean) => void,
): ReturnType<typeof setInterval> {
  let starving = false;
  return setInterval(() => {
    const { down, mediaEnd } = read();
    const dry = down && !audio.paused && mediaEnd - audio.currentTime < starvingAheadSeconds;
    if (dry !== starving) {
      starving = dry;
      onStarving(dry);
    }
    if (audio.paused || audio.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) return;
    const ahead = mediaEnd - audio.currentTime;
    const rate = ahead < targetAheadSeconds - 0.05 ? buildUpRate : 1;
    if (audio.playbackRate !== rate) audio.playbackRate = rate;
  }, 250);
}
