// The hero's background image (homepage-hero-settings page, per theme), faded in once loaded.
import { useState } from "react";
import type { Page } from "#schema/api.ts";
import { useTheme } from "../features/theme";

/** The theme's hero image from the homepage-hero-settings page, faded in once loaded. */
export function HeroBackground({ settings }: { settings: Page | undefined }) {
  const theme = useTheme();
  const src = theme === "dark" ? settings?.heroImageDark : settings?.heroImageLight;
  const [loadedSrc, setLoadedSrc] = useState<string>();
  if (!src) return null;
  return (
    <img
      key={src}
      className="hero-image"
      data-loaded={loadedSrc === src ? "true" : undefined}
      src={src}
      alt=""
      decoding="async"
      ref={(img) => {
        if (img?.complete && img.naturalWidth > 0) setLoadedSrc(src);
      }}
      onLoad={() => setLoadedSrc(src)}
    />
  );
}
