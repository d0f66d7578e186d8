import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  artistsMatch,
  artworkTrackKey,
  normaliseArtist,
  normaliseTitle,
  titlesMatch,
} from "../../worker/lib/artwork/normalise";

type Case = [ours: [artist: string, title: string], theirs: [artist: string, title: string], match: boolean];

/** Real-world spellings of the same recording (true) and near misses a cover must not go to (false). */
const cases: Case[] = [
  [["Nightfall Quartet", "Velvet Harbour"], ["Nightfall Quartet", "Velvet Harbour"], true],
  [["NIGHTFALL QUARTET", "velvet harbour"], ["Nightfall Quartet", "Velvet Harbour"], true],
  [["Beyoncé", "Halo"], ["Beyonce", "Halo"], true],
  [["Sigur Rós", "Hoppípolla"], ["Sigur Ros", "Hoppipolla"], true],
  [["Mø", "Final Song"], ["MØ", "Final Song"], true],
  [["Røyksopp", "Eple"], ["Royksopp", "Eple"], true],
  [["Zoë Keating", "Lost"], ["Zoe Keating", "Lost"], true],
  [["Café del Mar", "Energía"], ["Cafe Del Mar", "Energia"], true],
  [["The Loungeliners", "Blue Hour Avenue"], ["Loungeliners", "Blue Hour Avenue"], true],
  [["Loungeliners", "Blue Hour Avenue"], ["The Loungeliners", "Blue Hour Avenue"], true],
  [["Simon & Garfunkel", "The Boxer"], ["Simon and Garfunkel", "The Boxer"], true],
  [["Bonobo feat. Andreya Triana", "The Keeper"], ["Bonobo", "The Keeper (feat. Andreya Triana)"], true],
  [["Bonobo ft. Andreya Triana", "The Keeper"], ["Bonobo", "The Keeper"], true],
  [["Bonobo", "The Keeper (feat. Andreya Triana)"], ["Bonobo", "The Keeper"], true],
  [["Bonobo", "The Keeper feat. Andreya Triana"], ["Bonobo & Andreya Triana", "The Keeper"], true],
  [["St Germain", "Rose Rouge"], ["St. Germain", "Rose Rouge"], true],
  [
    ["Thievery Corporation", "Lebanese Blonde (Remastered 2012)"],
    ["Thievery Corporation", "Lebanese Blonde"],
    true,
  ],
  [
    ["Thievery Corporation", "Lebanese Blonde - 2012 Remaster"],
    ["Thievery Corporation", "Lebanese Blonde"],
    true,
  ],
  [["Kruder & Dorfmeister", "High Noon - Radio Edit"], ["Kruder & Dorfmeister", "High Noon"], true],
  [["Nightmares on Wax", "You Wish [Live at Montreux]"], ["Nightmares On Wax", "You Wish"], true],
  [["Nightmares on Wax", "You Wish - Live"], ["Nightmares On Wax", "You Wish (Live)"], true],
  [["Air", "La Femme d'Argent"], ["AIR", "La Femme D’Argent"], true],
  [["Daft Punk", "Don't Stop"], ["Daft Punk", "Dont Stop"], true],
  [["Moby", "Porcelain (Extended Mix)"], ["Moby", "Porcelain"], true],
  [["Zero 7", "In the Waiting Line"], ["Zero 7", "In The Waiting Line"], true],
  [["Télépopmusik", "Breathe"], ["Telepopmusik", "Breathe"], true],
  [["Jazzanova", "Boom Clicky Boom Klack"], ["Jazzanova", "Boom Clicky Boom Klack"], true],
  // The same recording, but an abbreviation the normaliser does not expand: a miss, not a wrong cover.
  [["Nujabes, Shing02", "Luv(sic) Part 3"], ["Nujabes", "Luv (sic) pt3"], false],
  [["Nujabes feat. Shing02", "Luv (sic)"], ["Nujabes", "Luv(sic)"], true],
  [["Koop", "Koop Island Blues"], ["Koop", "Koop Island Blues (feat. Ane Brun)"], true],
  [["Amber Sato", "Slow Tide"], ["Amber Sato", "Slow   Tide "], true],
  [["Tosca", "Suzuki"], ["Tosca", "Suzuki - Dub Version"], true],
  [["Gotan Project", "Santa María (del Buen Ayre)"], ["Gotan Project", "Santa Maria"], true],
  [["Hooverphonic", "Mad About You"], ["Hooverphonic", "Mad About You (Orchestra Version)"], true],
  [["Norah Jones", "Don’t Know Why"], ["Norah Jones", "Don't Know Why"], true],
  [["DJ Shadow", "Midnight in a Perfect World"], ["DJ Shadow", "Midnight In A Perfect World"], true],
  [["Massive Attack", "Teardrop"], ["Massive Attack", "Teardrop"], true],
  // Not the same recording, or not the same act: no cover rather than a wrong one.
  [["Massive Attack", "Teardrop"], ["Newton Faulkner", "Teardrop"], false],
  [["Amber Sato", "Slow Tide"], ["Amber Sato", "Slow Tides"], false],
  [["Amber Sato", "Slow Tide"], ["Amber", "Slow Tide"], false],
  [["Zero 7", "Destiny"], ["Zero 8", "Destiny"], false],
  [["Air", "Playground Love"], ["Air Supply", "Playground Love"], false],
  [["Moby", "Porcelain"], ["Moby", "Porcelain Doll"], false],
  [["Various Artists", "Blue Hour"], ["Nightfall Quartet", "Blue Hour"], false],
  [["Bonobo", "Kerala"], ["Bonobo", "Kiara"], false],
  [["The Cinematic Orchestra", "To Build a Home"], ["Cinematic", "To Build a Home"], false],
  [["Kruder & Dorfmeister", "High Noon"], ["Dorfmeister", "Low Noon"], false],
  [["Billy Idol", "Dancing with Myself"], ["Billy Idol", "Dancing"], false],
  [["Lounge Radio", "Station ID"], ["Lounge Radio", ""], false],
  [["", "Velvet Harbour"], ["Nightfall Quartet", "Velvet Harbour"], false],
];

describe("artwork matching", () => {
  it("decides on fifty real-world spellings as a listener would", () => {
    expect(cases).toHaveLength(50);
    const wrong = cases.filter(
      ([[ourArtist, ourTitle], [theirArtist, theirTitle], match]) =>
        (artistsMatch(ourArtist, theirArtist) && titlesMatch(ourTitle, theirTitle)) !== match,
    );
    expect(wrong).toEqual([]);
  });

  it("files every spelling of a recording under one key", () => {
    const key = artworkTrackKey({ artist: "Bonobo", title: "The Keeper" });
    for (const spelling of [
      { artist: "BONOBO", title: "The Keeper" },
      { artist: "Bonobo feat. Andreya Triana", title: "The Keeper" },
      { artist: "Bonobo", title: "The Keeper (Radio Edit)" },
      { artist: "Bonobo", title: "The Keeper - 2009 Remaster" },
    ]) {
      expect(artworkTrackKey(spelling)).toBe(key);
    }
    expect(key).toBe("bonobo|the keeper");
    expect(normaliseArtist("The Loungeliners")).toBe("loungeliners");
    expect(normaliseTitle("(Intro)")).toBe("intro");
  });
});

const text = fc.string({ unit: "grapheme", maxLength: 40 });
const note = fc.constantFrom(
  " (Radio Edit)",
  " [Live]",
  " - 2011 Remaster",
  " (feat. Someone Else)",
  " feat. X",
  " (Extended Mix)",
);

describe("the normaliser (properties)", () => {
  it("is idempotent, and its result is lower-case words of letters and digits", () => {
    fc.assert(
      fc.property(text, (title) => {
        const once = normaliseTitle(title);
        expect(normaliseTitle(once)).toBe(once);
        expect(once).toMatch(/^([\p{Ll}\p{Lo}\p{Lm}\p{N}]+( [\p{Ll}\p{Lo}\p{Lm}\p{N}]+)*)?$/u);
        const artist = normaliseArtist(title);
        expect(artist).toMatch(/^([\p{Ll}\p{Lo}\p{Lm}\p{N}]+( [\p{Ll}\p{Lo}\p{Lm}\p{N}]+)*)?$/u);
      }),
      { numRuns: 300 },
    );
  });

  it("ignores case, accents and spacing", () => {
    const word = fc.stringMatching(/^[a-z]{1,10}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
        const title = words.join(" ");
        const accented = title.replace(/e/g, "é").replace(/a/g, "à").replace(/o/g, "ö");
        expect(normaliseTitle(accented.toUpperCase())).toBe(normaliseTitle(title));
        expect(normaliseTitle(`  ${words.join("   ")} `)).toBe(normaliseTitle(title));
        expect(titlesMatch(accented, title)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("drops a version note or a featured artist from a title", () => {
    const word = fc.stringMatching(/^[a-z]{2,10}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), note, (words, suffix) => {
        const title = words.join(" ");
        expect(normaliseTitle(`${title}${suffix}`)).toBe(normaliseTitle(title));
      }),
      { numRuns: 200 },
    );
  });
});
