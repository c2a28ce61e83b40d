/**
 * A CSV file (RFC 4180) from rows of cells. A text cell that a spreadsheet would run as a formula
 * (=, +, -, @, tab, CR first) is prefixed with ' — numbers, negative ones too, stay numbers.
 */
export function toCsv(rows: Array<Array<string | null>>): string {
  const cell = (value: string | null) => {
    let text = value ?? '';
    if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return `${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
