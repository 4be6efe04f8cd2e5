import { stringify } from 'csv-stringify/sync';

/** A line inside a cell that a spreadsheet would run as a formula if a reader split the cell at its line breaks. */
const formulaAfterLineBreak =
  /(\r\n|\r|\n)(?=[=+\-@\t\uFF1D\uFF0B\uFF0D\uFF20])/g;

/**
 * RFC 4180 CSV with a UTF-8 byte order mark so spreadsheets read € and accents, CRLF between records.
 * Every cell holding a CR, an LF, a quote or the separator is quoted (csv-stringify quotes only the
 * record delimiter itself once one is set, hence quote_record_delimiter). The formula guard (a leading
 * ') covers a cell starting with =, +, -, @, tab or CR (csv-stringify's escape_formulas, full-width
 * forms included) and, for readers that split a quoted cell at its line breaks, every line inside a
 * cell that starts so.
 */
export function csvText<C extends string>(
  rows: readonly Record<C, string>[],
  columns: readonly C[],
): string {
  return stringify(rows as Record<C, string>[], {
    header: true,
    columns: [...columns],
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    bom: true,
    escape_formulas: true,
    cast: { string: (value) => value.replace(formulaAfterLineBreak, "$1'") },
  });
}
