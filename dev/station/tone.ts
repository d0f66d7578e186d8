// The station's audio: PCM generated here in real time and written to every feed's ffmpeg, so
// the station decides the instant the music changes. Each track sounds its own steady tone over a
// quiet background chord; setTone switches it for every sample not yet written (at most `leadMs`
// are written ahead), which is how a track change becomes audible when the title changes.
import type { Writable } from "node:stream";

export const pcm = { sampleRate: 44100, channels: 2 } as const;
/** ffmpeg's input options for what the generator writes. */
export const pcmInputArgs = ["-f", "s16le", "-ar", String(pcm.sampleRate), "-ac", String(pcm.channels)];

const bytesPerFrame = 2 * pcm.channels;
/** Samples written ahead of the clock: enough to ride over a busy event loop, short enough to switch on time. */
const leadMs = 30;
const tickMs = 10;
/** Loud enough for an analyser (about -15 dBFS), soft enough to listen to. */
const toneLevel = 0.18;
const chord = [
  { hz: 220, level: 0.04 },
  { hz: 277.18, level: 0.03 },
  { hz: 329.63, level: 0.025 },
  { hz: 415.3, level: 0.02 },
];

export type ToneGenerator = {
  setTone: (hz: number) => void;
  attach: (input: Writable) => void;
  detach: (input: Writable) => void;
  stop: () => void;
};

export function startToneGenerator(initialHz: number): ToneGenerator {
  const inputs = new Set<Writable>();
  const startedAt = performance.now();
  let framesWritten = 0;
  let toneHz = initialHz;
  let tonePhase = 0;
  const chordPhases = chord.map(() => 0);
  const step = (hz: number) => (2 * Math.PI * hz) / pcm.sampleRate;

  function render(frames: number): Buffer {
    const buffer = Buffer.allocUnsafe(frames * bytesPerFrame);
    const toneStep = step(toneHz);
    for (let i = 0; i < frames; i++) {
      let sample = toneLevel * Math.sin(tonePhase);
      tonePhase = (tonePhase + toneStep) % (2 * Math.PI);
      for (let n = 0; n < chord.length; n++) {
        const note = chord[n] as (typeof chord)[number];
        const phase = chordPhases[n] as number;
        sample += note.level * Math.sin(phase);
        chordPhases[n] = (phase + step(note.hz)) % (2 * Math.PI);
      }
      const value = Math.max(-32768, Math.min(32767, Math.round(sample * 32767)));
      for (let c = 0; c < pcm.channels; c++) buffer.writeInt16LE(value, i * bytesPerFrame + c * 2);
    }
    return buffer;
  }

  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - startedAt + leadMs) / 1000) * pcm.sampleRate);
    const frames = due - framesWritten;
    if (frames <= 0) return;
    framesWritten = due;
    const chunk = render(frames);
    for (const input of inputs) {
      if (!input.destroyed && input.writable) input.write(chunk);
    }
  }, tickMs);

  return {
    setTone: (hz) => {
      toneHz = hz;
    },
    attach: (input) => {
      // A broken pipe (ffmpeg killed) is the feed's exit, which detaches it; not an error here.
      input.on("error", () => inputs.delete(input));
      inputs.add(input);
    },
    detach: (input) => inputs.delete(input),
    stop: () => clearInterval(timer),
  };
}
