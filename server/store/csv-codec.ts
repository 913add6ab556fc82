/**
 * The CsvCodec port (server/core/ports.ts) over csv-parse and csv-stringify, the node-csv project's
 * parser and writer. Their `browser/esm/sync` builds carry their own Buffer, so the same codec runs in
 * Node and in the browser demo's bundle (mock-api/mock-store.ts); the Node build, about three times
 * faster at parsing, can be handed in instead (server/boot.ts does), as it needs Node's Buffer.
 *
 * Reading is strict: quotes must pair up as RFC 4180 says and every record must have as many cells as
 * the first, so a damaged file is refused (400 naming its line) rather than read into shifted columns.
 * Only a UTF-8 byte-order mark and blank lines are passed over. Writing is RFC 4180 with CRLF line ends,
 * quoting a cell only when it holds a comma, a quote or a line break, or when it is a cell the formula
 * guard marked (server/core/spreadsheets/formula-guard.ts): such a cell goes out as `"'=…"`, text to any spreadsheet.
 */
import type { CastingContext, Options as ParseOptions } from 'csv-parse/browser/esm/sync';
import { parse as browserParse } from 'csv-parse/browser/esm/sync';
import { Parser as BrowserParser } from 'csv-parse/browser/esm';
import type { Options as StringifyOptions } from 'csv-stringify/browser/esm/sync';
import { stringify as browserStringify } from 'csv-stringify/browser/esm/sync';
import { DomainError } from '#server/core/api/errors';
import { isGuarded } from '#server/core/spreadsheets/formula-guard';
import type { CsvCodec } from '#server/core/ports';
import { createBreather } from '#server/core/structures/time-slices';

/** The parser's streaming side as the codec uses it (both builds' Parser, a Transform stream). */
export interface CsvStreamParser {
  write(chunk: string): unknown;
  end(): unknown;
  resume(): unknown;
  on(event: 'error', listener: (e: unknown) => void): unknown;
  once(event: 'end', listener: () => void): unknown;
}

/** The library calls the codec uses, in the shape both builds share. */
export interface CsvEngine {
  parse: (input: string, options: ParseOptions) => unknown;
  Parser: new (options: ParseOptions) => CsvStreamParser;
  stringify: (records: string[][], options: StringifyOptions) => string;
}

const PARSE_OPTIONS: ParseOptions = { bom: true, skip_empty_lines: true };
const STRINGIFY_OPTIONS: StringifyOptions = {
  record_delimiter: 'windows',
  // Off by default once record_delimiter is set: a lone \n or \r in a cell must be quoted too.
  quote_record_delimiter: true,
  // A guarded cell (a function of the cell's start, not a pattern) goes out quoted.
  cast: { string: (value) => (isGuarded(value) ? { value, quoted: true } : value) },
};

const browserEngine: CsvEngine = { parse: browserParse, Parser: BrowserParser, stringify: browserStringify };

/** Characters handed to the parser at a time: about a millisecond of parsing. */
const SLICE = 32 * 1024;

/** Thrown inside the parser to stop it: reading is done (enough records, or a first record too wide). */
class Stop extends Error {}

/** What went wrong, in words an admin can act on; the library's own text quotes cell values at length. */
function describe(code: string, message: string): string {
  switch (code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted cell is never closed (a " is missing)';
    case 'INVALID_OPENING_QUOTE':
      return 'a cell that does not start with a quote has one inside (write it as "" in a quoted cell)';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return 'text follows the closing quote of a cell';
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH': {
      const m = /expect (\d+), got (\d+)/.exec(message);
      return m
        ? `the row has ${m[2]} cells where the first row has ${m[1]}`
        : 'the row has another number of cells';
    }
    default:
      return 'the file is not valid CSV';
  }
}

/** The parser's errors (either build's CsvError): a code of its own and the line it stopped on. */
const isParseError = (e: unknown): e is Error & { code: string; lines?: unknown } =>
  e instanceof Error &&
  'code' in e &&
  typeof e.code === 'string' &&
  (e.code.startsWith('CSV_') || e.code === 'INVALID_OPENING_QUOTE');

function malformed(e: unknown): never {
  if (e instanceof DomainError || !isParseError(e)) throw e;
  const where = typeof e.lines === 'number' && e.lines > 0 ? ` on line ${e.lines}` : '';
  throw new DomainError('bad_request', `Malformed CSV${where}: ${describe(e.code, e.message)}`);
}

const isRecords = (value: unknown): value is string[][] =>
  Array.isArray(value) && value.every((r) => Array.isArray(r) && r.every((c) => typeof c === 'string'));

export function createCsvCodec(engine: CsvEngine = browserEngine): CsvCodec {
  return {
    parse(text) {
      let records: unknown;
      try {
        records = engine.parse(text, PARSE_OPTIONS);
      } catch (e) {
        malformed(e);
      }
      if (!isRecords(records))
        throw new DomainError('bad_request', 'Malformed CSV: the file is not valid CSV');
      return records;
    },
    async readRecords(text, { maxCells, maxRecords }) {
      // Nothing to read; the browser build's stream also fails on an empty input (its flush calls a missing destroy).
      if (text === '') return [];
      const records: string[][] = [];
      const first: string[] = [];
      // Cells allowed in a record: maxCells in the first, then as many as the first has.
      let width = maxCells;
      const parser = new engine.Parser({
        ...PARSE_OPTIONS,
        // Called for each cell before it joins its record, so a record of a million commas stops at once.
        cast: (value: string, at: CastingContext) => {
          if (at.records === 0) first.push(value);
          if (at.index < width) return value;
          if (at.records === 0) throw new Stop();
          throw new DomainError(
            'bad_request',
            `Malformed CSV on line ${at.lines}: the row has more than ${width} cells where the first row has ${width}`,
          );
        },
        on_record: (record: string[]) => {
          if (records.length === 0) width = record.length;
          records.push(record);
          if (records.length >= maxRecords) throw new Stop();
          return null;
        },
      });
      let failed: unknown;
      const done = new Promise<void>((resolve) => {
        parser.on('error', (e) => {
          failed ??= e;
          resolve();
        });
        parser.once('end', resolve);
      });
      parser.resume();
      const breathe = createBreather();
      for (let at = 0; at < text.length && failed === undefined;) {
        let end = Math.min(text.length, at + SLICE);
        // Never between the two halves of a surrogate pair: each slice is encoded on its own.
        if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end++;
        parser.write(text.slice(at, end));
        at = end;
        await breathe();
      }
      if (failed === undefined) parser.end();
      await done;
      if (failed instanceof Stop) return records.length ? records : [first];
      if (failed !== undefined) malformed(failed);
      if (!isRecords(records))
        throw new DomainError('bad_request', 'Malformed CSV: the file is not valid CSV');
      return records;
    },
    stringify(records) {
      return engine.stringify(
        records.map((r) => [...r]),
        STRINGIFY_OPTIONS,
      );
    },
  };
}
