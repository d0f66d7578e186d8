// The local station's playlist: titles rotate through it, the next-track widget reads ahead in it.
export type PlaylistTrack = { artist: string; title: string; album: string };

export const playlist: PlaylistTrack[] = [
  { artist: "Nightfall Quartet", title: "Velvet Harbour", album: "Harbour Lights" },
  { artist: "Amber Sato", title: "Slow Tide", album: "Coastline Sessions" },
  { artist: "The Loungeliners", title: "Blue Hour Avenue", album: "After Eight" },
  { artist: "Kai Mendez", title: "Terrace at Dusk", album: "Balearic Notes" },
  { artist: "Mira Okafor", title: "Paper Lanterns", album: "Nu Jazz Diaries" },
  { artist: "Soft Static", title: "Rain on Vinyl", album: "Quiet Machines" },
];
