import { describe, expect, it } from 'vitest';
import { lineText, multilineText, TEXT_RULE_MESSAGE } from './text';

const oneLine = lineText(100);
const lines = multilineText(100);
const refusal = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues.map((i) => i.message);

describe('the text rule', () => {
  it.each([
    ['NUL', 'A\u0000B'],
    ['a C0 control', 'A\u0001B'],
    ['escape', 'A\u001bB'],
    ['DEL', 'A\u007fB'],
    ['a C1 control', 'A\u0085B'],
    ['a lone high surrogate', 'X\ud800Y'],
    ['a lone low surrogate', 'X\udfffY'],
    ['a high surrogate at the end', 'X\ud83d'],
  ])('refuses %s everywhere', (_, text) => {
    expect(refusal(oneLine.safeParse(text))).toEqual([TEXT_RULE_MESSAGE]);
    expect(refusal(lines.safeParse(text))).toEqual([TEXT_RULE_MESSAGE]);
  });

  it.each([
    ['a tab', 'a\tb'],
    ['a line feed', 'a\nb'],
    ['CR LF', 'a\r\nb'],
  ])('takes %s only where a field runs across lines', (_, text) => {
    expect(refusal(oneLine.safeParse(text))).toEqual([TEXT_RULE_MESSAGE]);
    expect(lines.safeParse(text).success).toBe(true);
  });

  it('keeps every other character, surrogate pairs included', () => {
    for (const text of ['', 'Ünïcödé ß İ', '😀 e\u0301', '\u00a0\u2028\u202e\ufeff', '<b>&amp;</b>', '中文'])
      expect([oneLine.safeParse(text).success, lines.safeParse(text).success]).toEqual([true, true]);
  });
});
