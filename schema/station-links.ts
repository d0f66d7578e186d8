// The station's links and numbers (licences, social networks, apps, directories): the rest of
// the identity in station.ts, kept in a module of their own because only lazy screens show them,
// and the first load (90 KB, ADR 015) carries every module it imports whole.
export const stationLinks = {
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
