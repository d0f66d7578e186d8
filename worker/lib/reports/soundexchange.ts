// SoundExchange's Report of Use (37 CFR 370.4, ADR 038): census reporting, one row per sound
// recording played in the period with its actual total performances, in the regulation's order:
// name of service, transmission category, featured artist, title, ISRC, album, marketing label,
// ATP. The file "with headers" (370.4(e)(7)): 14 header rows (the filer, the period, the date it
// was made, the number of data rows, the text indicator, the delimiter, a blank row, the column
// names), then the rows; fields separated by a tab, text between carets, numbers bare, each row
// ended by a carriage return (CRLF). ASCII only: accents are dropped, other letters spelled out
// or replaced by '?'; the delimiter, the indicator and line breaks never occur inside a field.
import type { ReportFiler, ReportPeriod } from "#schema/api/reports.ts";
import type { RecordingTotal } from "./recordings";

/** Non-interactive webcasting other than a broadcast simulcast (370.4(d)(2)(ii)): this station. */
export const transmissionCategory = "A";
const indicator = "^";
const delimiter = "\t";
const eol = "\r\n";

export const soundExchangeColumns = [
  "NAME_OF_SERVICE",
  "TRANSMISSION_CATEGORY",
  "FEATURED_ARTIST",
  "SOUND_RECORDING_TITLE",
  "ISRC",
  "ALBUM_TITLE",
  "MARKETING_LABEL",
  "ACTUAL_TOTAL_PERFORMANCES",
] as const;

const spelled: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  Æ: "AE",
  œ: "oe",
  Œ: "OE",
  ø: "o",
  Ø: "O",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "TH",
  ł: "l",
  Ł: "L",
  "‘": "'",
  "’": "'",
  "“": '"',
  "”": '"',
  "–": "-",
  "—": "-",
  "…": "...",
};

/** The text in printable ASCII, one line, without the file's delimiter and text indicator. */
export function asciiField(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]/g, (c) => spelled[c] ?? (/\s/.test(c) ? " " : "?"))
    .replaceAll(indicator, "")
    .replace(/\s+/g, " ")
    .trim();
}

const textField = (value: string | null) => {
  const text = value === null ? "" : asciiField(value);
  return text === "" ? "" : `${indicator}${text}${indicator}`;
};

const ymd = (isoDay: string) => isoDay.replaceAll("-", "");

/** The file name the regulation asks for: the service's name and the period, YYYYMMDD-YYYYMMDD.txt. */
export function soundExchangeFileName(filer: ReportFiler, period: ReportPeriod): string {
  const service = asciiField(filer.serviceName).replace(/[^A-Za-z0-9]+/g, "") || "Station";
  return `${service}${ymd(period.from)}-${ymd(period.to)}.txt`;
}

/** The report's lines, header rows first, each with its CRLF. */
export function* soundExchangeLines(
  filer: ReportFiler,
  period: ReportPeriod,
  recordings: RecordingTotal[],
  generatedAt: Date,
): Generator<string> {
  const header = [
    asciiField(filer.serviceName),
    asciiField(filer.contactName),
    asciiField(filer.street),
    asciiField(filer.cityStateZip),
    asciiField(filer.phone),
    asciiField(filer.email),
    ymd(period.from),
    ymd(period.to),
    ymd(generatedAt.toISOString().slice(0, 10)),
    String(recordings.length),
    indicator,
    delimiter,
    "",
    soundExchangeColumns.map((name) => `${indicator}${name}${indicator}`).join(delimiter),
  ];
  for (const line of header) yield `${line}${eol}`;
  const service = textField(filer.serviceName);
  for (const r of recordings) {
    const fields = [
      service,
      textField(transmissionCategory),
      textField(r.artist),
      textField(r.title),
      textField(r.isrc),
      textField(r.album),
      textField(r.label),
      // No listener figures for any of its plays: left empty rather than invented.
      r.followedPlays === 0 ? "" : String(r.performances),
    ];
    yield `${fields.join(delimiter)}${eol}`;
  }
}
