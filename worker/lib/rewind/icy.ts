// Icecast's in-band titles (ICY): asked for with `Icy-MetaData: 1`, the host sends `icy-metaint`
// bytes of audio, then one length byte L and L×16 bytes of metadata (`StreamTitle='…';`), again and
// again. The recorder keeps the audio and notes where in it each title begins.

export type IcyPiece = { audio: Uint8Array } | { title: string };

/** Splits a response body into audio and titles, in order; `metaint` null: audio only. */
export function createIcyReader(metaint: number | null) {
  /** Audio bytes left before the next metadata block. */
  let audioLeft = metaint ?? Number.POSITIVE_INFINITY;
  /** The metadata block being read: its length once known, and what has come of it. */
  let meta: { length: number | null; bytes: number[] } | null = null;
  const decoder = new TextDecoder();

  return {
    push(chunk: Uint8Array): IcyPiece[] {
      const pieces: IcyPiece[] = [];
      let i = 0;
      while (i < chunk.length) {
        if (meta === null) {
          const take = Math.min(audioLeft, chunk.length - i);
          pieces.push({ audio: chunk.subarray(i, i + take) });
          i += take;
          audioLeft -= take;
          if (audioLeft === 0) meta = { length: null, bytes: [] };
          continue;
        }
        if (meta.length === null) {
          meta.length = (chunk[i] ?? 0) * 16;
          i++;
        } else {
          const take = Math.min(meta.length - meta.bytes.length, chunk.length - i);
          for (let j = 0; j < take; j++) meta.bytes.push(chunk[i + j] ?? 0);
          i += take;
        }
        if (meta.length !== null && meta.bytes.length === meta.length) {
          const title = meta.length > 0 ? streamTitle(decoder.decode(new Uint8Array(meta.bytes))) : null;
          if (title !== null) pieces.push({ title });
          meta = null;
          audioLeft = metaint ?? Number.POSITIVE_INFINITY;
        }
      }
      return pieces;
    },
  };
}

/** `StreamTitle='Artist - Title';` → "Artist - Title"; null when the block carries no title. */
export function streamTitle(block: string): string | null {
  const match = /StreamTitle='(.*?)';/s.exec(block.replace(/\0+$/, ""));
  return match ? (match[1] ?? "").trim() : null;
}
