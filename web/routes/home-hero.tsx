// The home screen's hero: the station, the play button, the live listener count and the hero image.
import { useEffect, useState } from "react";
import { Link } from "wouter";
import type { Page } from "#schema/api.ts";
import { station } from "#schema/station.ts";
import { useAudio } from "../features/player";
import { listenerDisplayMax, listenerDisplayMin } from "../lib/constants";
import { useCurrentUser } from "../lib/queries/auth";
import { useNowPlaying } from "../lib/queries/radio";
import { deferred, useHydrated } from "../ui/deferred";
import { EditIcon, PlayIcon, WavesIcon } from "../ui/icons";
import { Logo } from "../ui/logo";

// Shown only once the hero settings have loaded, so never in the prerendered page: a lazy part.
const HeroBackground = deferred(() => import("./hero-background").then((m) => m.HeroBackground));

/** A display number between 150 and 199, not real data (docs/product.md §2); chosen after hydration. */
function useListenerDisplay(): number | undefined {
  const [count, setCount] = useState<number>();
  useEffect(() => {
    setCount(listenerDisplayMin + Math.floor(Math.random() * (listenerDisplayMax - listenerDisplayMin + 1)));
  }, []);
  return count;
}

/**
 * The radio host's real listener count, kept live with now playing; the spec's display number
 * stands in only when the host reports none. Nothing until now playing has loaded, so the
 * figure never jumps from a made-up number to the real one. Null when the station hides it.
 */
function useListenerCount(): number | null | undefined {
  const hydrated = useHydrated();
  const { data } = useNowPlaying();
  const track = hydrated ? data : undefined;
  const display = useListenerDisplay();
  if (track?.listenersHidden) return null;
  if (typeof track?.listeners === "number") return track.listeners;
  return track ? display : undefined;
}

export function Hero({ settings }: { settings: Page | undefined }) {
  const { isPlaying, toggle } = useAudio();
  const hydrated = useHydrated();
  const { data } = useCurrentUser();
  const user = hydrated ? data : undefined;
  const listeners = useListenerCount();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <HeroBackground settings={settings} />
      <div className="hero-content">
        <Logo size={72} />
        <h1 id="hero-title">{station.name}</h1>
        <p className="hero-tagline">{station.tagline}</p>
        <div className="hero-actions">
          <button type="button" className="button button-large" aria-pressed={isPlaying} onClick={toggle}>
            {isPlaying ? <WavesIcon /> : <PlayIcon size={20} />}
            {isPlaying ? "Now Playing" : "Start Listening"}
          </button>
          <Link href="/about" className="button button-ghost">
            Learn More<span className="sr-only"> about {station.name}</span>
          </Link>
        </div>
        {/* Hidden, its place kept: the prerendered page has it, and nothing may move. */}
        <p className="listener-count" hidden={listeners === null}>
          <span className="live-dot" aria-hidden="true" />
          <span className="listener-number">{listeners ?? "\u00a0"}</span> listening now
        </p>
        {user && settings && (
          <Link href={`/pb?edit=${settings.id}`} className="button button-small edit-button">
            <EditIcon /> Edit hero
          </Link>
        )}
      </div>
    </section>
  );
}
