// The station's identity: the one place an operator edits to re-brand the site.
// Read by the web app (texts, links) and the worker (mail, fallback track, CSP).
// What differs per deployment (stream URLs, radio host, mail provider, secrets)
// is a worker variable instead: see wrangler.toml and README.md.

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
  /** Licensing numbers of the two rights organisations. */
  licences: [
    { organisation: "Buma/Stemra", number: "LR-000000" },
    { organisation: "Sena", number: "SENA-000000" },
  ],
  social: [
    { network: "Facebook", url: "https://www.facebook.com/loungeradio.example" },
    { network: "Instagram", url: "https://www.instagram.com/loungeradio.example" },
    { network: "X", url: "https://x.com/loungeradio_example" },
  ],
  /** The two networks whose share pages the share button falls back to. */
  shareNetworks: {
    facebook: "https://www.facebook.com/sharer/sharer.php?u=",
    x: "https://x.com/intent/tweet?text=",
  },
  mapsListingUrl: "https://maps.google.com/?cid=0",
  reviewUrl: "https://g.page/r/lounge-radio-example/review",
  appStoreUrl: "https://apps.apple.com/app/id0000000000",
  googlePlayUrl: "https://play.google.com/store/apps/details?id=example.loungeradio",
  officeAudioUrl: "https://office.lounge-radio.example",
  radioDirectories: [
    { name: "Radio Garden", url: "https://radio.garden" },
    { name: "TuneIn", url: "https://tunein.com" },
  ],
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
