// The station's identity: with station-links.ts, the one place an operator edits to re-brand the site.
// Read by the web app (texts, links) and the worker (mail, fallback track, CSP).
// What differs per deployment (stream URLs, radio host, mail provider, secrets)
// is a worker variable instead: see wrangler.toml and docs/operations.md.

export const station = {
  /** The spec's {product}: shown in titles, the fallback track and e-mails. */
  name: "Lounge Radio",
  tagline: "Lounge, chillout & Nujazz. Commercial-free, 24/7, in 320kbps.",
  siteDescription:
    "Commercial-free lounge, chillout and Nujazz radio, streaming 24/7 in 320kbps HD audio since 2017.",
  contactEmail: "hello@lounge-radio.example",
  streamingSince: 2017,
  trackCountClaim: "15K+",
  bitrateClaim: "320kbps",
} as const;

export type Station = typeof station;

/**
 * The spec's "{product} Radio", without saying Radio twice when the name already ends in it
 * ("Lounge Radio", not "Lounge Radio Radio").
 */
export function stationRadioName(name: string): string {
  return /\bradio$/i.test(name.trim()) ? name.trim() : `${name.trim()} Radio`;
}

/** The track shown when the radio host cannot be reached (docs/product.md §8). */
export const fallbackTrack = {
  title: stationRadioName(station.name),
  artist: "Lounge & Chillout Music",
} as const;
