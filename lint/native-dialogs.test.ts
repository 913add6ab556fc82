import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 27: no code path of the app or the mock API may open the browser's alert, confirm or prompt. Each snippet
 * is linted with the repo's real config at a realistic path.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const RULES = ['no-restricted-globals', 'no-restricted-properties'];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

const dialogProblems = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => RULES.includes(m.ruleId ?? '')).map((m) => m.message);
};

const denied: Array<[string, string]> = [
  ['web/src/features/admin/components/x.tsx', "window.alert('Status updated');"],
  ['web/src/features/admin/components/x.tsx', "export const ok = window.confirm('Delete this product?');"],
  ['web/src/features/account/x.ts', "alert('Password changed');"],
  ['web/src/features/checkout/x.ts', "export const yes = confirm('Sure?');"],
  ['web/src/lib/x.ts', "export const name = window.prompt('Name?');"],
  ['web/src/components/x.tsx', "globalThis.alert('x');"],
  ['web/src/features/cart/x.test.tsx', "window.alert('in a test too');"],
  ['mock-api/x.ts', "self.confirm('x');"],
];

const allowed: Array<[string, string]> = [
  ['web/src/features/admin/components/x.tsx', "const confirm = (s: string) => s.length > 0;\nconfirm('x');"],
  ['web/src/components/x.tsx', "export const role = 'alert';"],
  ['server/x.ts', "export const f = (w: { alert(m: string): void }) => w.alert('x');"],
];

describe('no native dialogs (issue 27)', () => {
  it.each(denied)('denies %s: %s', async (file, code) => {
    expect(await dialogProblems(file, code)).toContainEqual(expect.stringContaining('No native dialogs'));
  });

  it.each(allowed)('allows %s: %s', async (file, code) => {
    expect(await dialogProblems(file, code)).toEqual([]);
  });
});
