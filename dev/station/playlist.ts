// The local station's playlist: titles rotate through it, the next-track widget reads ahead in it.
// Each track has its own steady tone (Hz), so a test or benchmark can hear the track change: any
// two lie at least three semitones (over 130 Hz) apart, all above the background chord's notes
// (220-415 Hz), so an analyser with 23 Hz bins tells them apart at a glance.
export type PlaylistTrack = { artist: string; title: string; album: string; tone: number };

export const playlist: PlaylistTrack[] = [
  { artist: "Nightfall Quartet", title: "Velvet Harbour", album: "Harbour Lights", tone: 523.25 },
  { artist: "Amber Sato", title: "Slow Tide", album: "Coastline Sessions", tone: 783.99 },
  { artist: "The Loungeliners", title: "Blue Hour Avenue", album: "After Eight", tone: 1174.66 },
  { artist: "Kai Mendez", title: "Terrace at Dusk", album: "Balearic Notes", tone: 659.25 },
  { artist: "Mira Okafor", title: "Paper Lanterns", album: "Nu Jazz Diaries", tone: 987.77 },
  { artist: "Soft Static", title: "Rain on Vinyl", album: "Quiet Machines", tone: 1396.91 },
];
