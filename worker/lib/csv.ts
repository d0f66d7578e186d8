// CSV rows as RFC 4180 writes them (comma, CRLF). A cell a spreadsheet would run as a formula
// (= + - @ at the start, as a track title may) is written as text, with a leading '.
export type CsvValue = string | number | null;

function cell(value: CsvValue): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvRow(values: CsvValue[]): string {
  return `${values.map(cell).join(",")}\r\n`;
}
