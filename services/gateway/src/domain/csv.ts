/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A field starting with = + - @ or a
 * tab gets a leading apostrophe, so a spreadsheet opening the export never runs a reader's text as a formula.
 */
export function csvField(value: unknown): string {
  let text = value === undefined || value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows to CSV text with CRLF line ends and a UTF-8 byte order mark (so spreadsheets read Chinese correctly). */
export function toCsv(rows: unknown[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}
