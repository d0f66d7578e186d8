// How a track's artist and title are compared with what an artwork provider returns, and the
// key its cover is stored under. Both sides go through the same steps: accents and case go,
// "feat." credits and bracketed notes (remix, live, remaster) go, "&" reads "and", a leading
// "The" goes from artists, and what is left is letters and digits separated by single spaces.
// A cover is accepted only when artist and title both match after this (ADR 019), so a wrong
// cover is rarer than a missing one.

/** Words that mark a title's trailing " - ..." part as a version note, not part of the title. */
const versionNote =
  /\s+[-–—]\s+(?:[^-–—]*\b(?:remix|mix|edit|version|remaster(?:ed)?|live|mono|stereo|demo|instrumental|acoustic|dub|rework|extended|radio|single|album|original|bonus|session|take|recording)\b[^-–—]*)$/i;

/** "feat.", "ft." or "featuring" (or "with" in brackets) and what follows them. */
const featuring = /\s*(?:[([]\s*(?:feat\.?|ft\.?|featuring|with)\s.*|\b(?:feat\.|ft\.|featuring|feat)\s.*)$/i;

function plain(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[æ]/g, "ae")
    .replace(/[ø]/g, "o")
    .replace(/[đð]/g, "d")
    .replace(/ł/g, "l")
    .replace(/&|\+/g, " and ");
}

function words(text: string): string {
  return text
    .replace(/['’`´]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A title without its notes: "Slow Tide (Radio Edit) [feat. X]" -> "slow tide". */
export function normaliseTitle(title: string): string {
  let text = plain(title);
  // Bracketed notes anywhere, repeatedly (nested or several).
  for (let before = ""; before !== text; ) {
    before = text;
    text = text.replace(/\s*[([{][^()[\]{}]*[)\]}]/g, " ");
  }
  text = text.replace(featuring, "");
  for (let before = ""; before !== text; ) {
    before = text;
    text = text.replace(versionNote, "");
  }
  const result = words(text);
  // A title that is nothing but a note ("(Intro)") keeps its words.
  return result || words(plain(title));
}

/** Every artist a credit names, each normalised: "The A & B feat. C" -> ["a and b", "a", "b", "c"]. */
function artistNames(artist: string): string[] {
  const text = plain(artist);
  const main = text.replace(featuring, "");
  const featured = text.slice(main.length).replace(/^\s*[([]?\s*(?:feat\.?|ft\.?|featuring|with)\s/i, "");
  const parts = [
    main,
    ...main.split(/\s*(?:,|;|\/|\band\b|\bx\b|\bvs\.?|\bmeets\b)\s*/),
    ...featured.split(/\s*(?:,|;|\/|\band\b)\s*/),
  ];
  const names = parts.map((part) => words(part).replace(/^the\s+/, "")).filter((name) => name !== "");
  return [...new Set(names)];
}

/** The credit's lead artist, normalised: the name a cover is filed under. */
export function normaliseArtist(artist: string): string {
  return artistNames(artist)[0] ?? "";
}

/** Whether a provider's artist credit names the same act as ours. */
export function artistsMatch(ours: string, theirs: string): boolean {
  const a = artistNames(ours);
  const b = artistNames(theirs);
  if (a.length === 0 || b.length === 0) return false;
  // The whole credit, or either side's lead artist among the other's names.
  return a[0] === b[0] || b.includes(a[0] as string) || a.includes(b[0] as string);
}

export function titlesMatch(ours: string, theirs: string): boolean {
  const a = normaliseTitle(ours);
  return a !== "" && a === normaliseTitle(theirs);
}

/** The key a track's cover is kept under: one for every spelling of the same recording. */
export function artworkTrackKey(track: { artist: string; title: string }): string {
  return `${normaliseArtist(track.artist)}|${normaliseTitle(track.title)}`;
}

/**
 * Whether two titles name the same recording, version notes included: "Slow Tide (Remix)" is
 * not "Slow Tide". An ISRC belongs to one recording, so it is taken only on this match (ADR 038).
 */
export function sameRecordingTitle(ours: string, theirs: string): boolean {
  const strict = (title: string) => words(plain(title).replace(featuring, ""));
  const a = strict(ours);
  return a !== "" && a === strict(theirs);
}
