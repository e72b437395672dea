/**
 * One CSV field: quoted when it holds a comma, quote or line break, and defused when a spreadsheet
 * would run it as a formula (a leading =, +, -, @, tab or carriage return gets a leading '). A
 * plain signed amount ("-0.30") is a number to a spreadsheet, not a formula, and stays as it is.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: readonly (string | number)[]) =>
  `${fields.map(csvField).join(',')}\r\n`;

/** Excel reads a CSV as UTF-8 only when it starts with the byte-order mark. */
export const UTF8_BOM = '\uFEFF';
