/** The CSV codec over both builds of csv-parse / csv-stringify: RFC 4180 out, strict in, exact round trips. */
import fc from 'fast-check';
import { Parser as NodeParser } from 'csv-parse';
import { parse as nodeParse } from 'csv-parse/sync';
import { stringify as nodeStringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { DomainError } from '#server/core/api/errors';
import { guardCell } from '#server/core/spreadsheets/formula-guard';
import { createCsvCodec } from './csv-codec';

const engines = [
  ['browser build', createCsvCodec()],
  ['node build', createCsvCodec({ parse: nodeParse, Parser: NodeParser, stringify: nodeStringify })],
] as const;

const BOUNDS = { maxCells: 14, maxRecords: 2_002 };

describe.each(engines)('csv codec (%s)', (_name, codec) => {
  it('quotes only what needs it, with CRLF line ends', () => {
    expect(
      codec.stringify([
        ['a', 'b c', ''],
        ['x,y', 'say "hi"', 'two\nlines'],
      ]),
    ).toBe('a,b c,\r\n"x,y","say ""hi""","two\nlines"\r\n');
    expect(codec.stringify([['lone\rreturn', ' padded ', 'é漢字']])).toBe(
      '"lone\rreturn", padded ,é漢字\r\n',
    );
  });

  it('quotes a cell the formula guard marked', () => {
    expect(codec.stringify([[guardCell('=HYPERLINK("x")'), guardCell('-1'), "'plain"]])).toBe(
      `"'=HYPERLINK(""x"")","'-1",'plain\r\n`,
    );
    // Look-alikes and invisible starts too (issue 24), where a pattern of ASCII signs would miss them.
    expect(codec.stringify([[guardCell('\u2212' + '1'), guardCell('\u200B=1'), 'x\u2212' + '1']])).toBe(
      `"'\u22121","'\u200B=1",x\u22121\r\n`,
    );
  });

  it('reads what it writes, exactly', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', "'", '=', 'é', '|') });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.array(cell), { maxLength: 5 }),
        (width, rows) => {
          // Every record as wide as the first, and no record that is one empty cell (a blank line).
          const records = rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? 'x'));
          const kept = records.filter((r) => !(r.length === 1 && r[0] === ''));
          expect(codec.parse(codec.stringify(kept))).toEqual(kept);
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each(['\r\n', '\n', '\r'])(
    'passes over a byte-order mark and blank lines, with %j line ends',
    async (eol) => {
      expect(codec.parse(`\ufeffid,title${eol}1,Tee${eol}${eol}2,"Two${eol}lines"${eol}3,x${eol}`)).toEqual([
        ['id', 'title'],
        ['1', 'Tee'],
        ['2', `Two${eol}lines`],
        ['3', 'x'],
      ]);
      expect(codec.parse('')).toEqual([]);
      expect(await codec.readRecords('', BOUNDS)).toEqual([]);
    },
  );

  it.each([
    ['id,title\n1,"Tee\n', /^Malformed CSV on line \d: a quoted cell is never closed/],
    [
      'id,title\n1,Te"e"\n',
      /^Malformed CSV on line 2: a cell that does not start with a quote has one inside/,
    ],
    ['id,title\n1,"Tee"x\n', /^Malformed CSV on line 2: text follows the closing quote/],
    ['id,title\n1,Tee\n2\n', /^Malformed CSV on line 3: the row has 1 cells where the first row has 2/],
  ])('refuses %j with a 400 naming the line, read whole or in slices', async (text, message) => {
    const refusal = async (read: () => unknown): Promise<DomainError> => {
      const error: unknown = await Promise.resolve()
        .then(read)
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(DomainError);
      return error as DomainError;
    };
    for (const error of [
      await refusal(() => codec.parse(text)),
      await refusal(() => codec.readRecords(text, BOUNDS)),
    ]) {
      expect(error.code).toBe('bad_request');
      expect(error.message).toMatch(message);
    }
  });

  it('reads in slices exactly what it reads whole, across slice edges and surrogate pairs', async () => {
    const cell = fc.string({
      unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'é', '😀'),
      maxLength: 9_000,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(cell, cell), { minLength: 1, maxLength: 12 }), async (rows) => {
        const text = codec.stringify(rows.map(([a, b]) => [a, b]));
        expect(await codec.readRecords(text, BOUNDS)).toEqual(codec.parse(text));
      }),
      { numRuns: 60 },
    );
  });

  it.each(['', 'a'])('keeps surrogate pairs whole at every slice edge (first cell %j)', async (lead) => {
    // Every other code unit is the first half of a pair, so some slice edge falls inside one for one lead.
    const text = `${lead},${'😀'.repeat(20_000)}\r\n`;
    expect(await codec.readRecords(text, BOUNDS)).toEqual([[lead, '😀'.repeat(20_000)]]);
  });

  it('stops at a first record wider than maxCells (8 MB of commas) with that record alone, cut', async () => {
    const records = await codec.readRecords(`title,${','.repeat(8 * 1024 * 1024)}\r\n1,2\r\n`, BOUNDS);
    expect(records).toEqual([['title', ...Array<string>(BOUNDS.maxCells).fill('')]]);
  });

  it('refuses a later record wider than the first as soon as its extra cell is read', async () => {
    const text = `a,b\r\n1,2\r\n3,${','.repeat(4 * 1024 * 1024)}\r\n`;
    await expect(codec.readRecords(text, BOUNDS)).rejects.toThrow(
      /^Malformed CSV on line 3: the row has more than 2 cells where the first row has 2$/,
    );
  });

  it('stops after maxRecords records', async () => {
    const text = `a\r\n${'x\r\n'.repeat(100_000)}`;
    const records = await codec.readRecords(text, { maxCells: 3, maxRecords: 5 });
    expect(records).toEqual([['a'], ['x'], ['x'], ['x'], ['x']]);
  });
});
