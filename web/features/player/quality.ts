// The chosen stream quality (hd, sd, mobile), kept in local storage.
import { useAtom } from "jotai";
import { useCallback, useEffect, useRef } from "react";
import { type StreamQuality, streamQualities, streamQualityStorageKey } from "#web/lib/constants.ts";
import { readStored, writeStored } from "#web/lib/storage.ts";
import { qualityAtom } from "./state";

function isStreamQuality(value: string | null): value is StreamQuality {
  return (streamQualities as readonly (string | null)[]).includes(value);
}

export function useQuality() {
  const [quality, setQualityAtom] = useAtom(qualityAtom);
  // A source swap right after a change reads the new quality before the next render.
  const qualityRef = useRef(quality);

  /**
   * Plays `next` from now on and, when it is the listener's own choice, remembers it; false when
   * it is the quality already playing. An automatic step down is not remembered.
   */
  const chooseQuality = useCallback(
    (next: StreamQuality, remember = true): boolean => {
      if (remember) writeStored(streamQualityStorageKey, next);
      if (next === qualityRef.current) return false;
      qualityRef.current = next;
      setQualityAtom(next);
      return true;
    },
    [setQualityAtom],
  );

  // The stored quality is read after hydration so the first render matches the server's.
  useEffect(() => {
    const stored = readStored(streamQualityStorageKey);
    if (isStreamQuality(stored)) {
      qualityRef.current = stored;
      setQualityAtom(stored);
    }
  }, [setQualityAtom]);

  return { quality, qualityRef, chooseQuality };
}
