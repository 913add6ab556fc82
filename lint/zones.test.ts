import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZONE_CASES, type Snippet } from './zone-cases';

/**
 * Proof that each lint zone of eslint.config.js fires (README, "Lint zones"): every snippet is linted with the
 * repo's real config at a realistic path, and a denied import must produce the zone's own message, so a case
 * cannot pass through a neighbouring zone; the allowed ones must produce no import-x problem at all.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

/** The aliases of tsconfig.json's "paths", so the existence check below sees aliased imports too. */
const ALIASES = Object.entries(
  (
    JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: { paths: Record<string, string[]> };
    }
  ).compilerOptions.paths,
).map(([alias, [target]]) => [alias.replace('*', ''), (target ?? '').replace('*', '')] as const);

const resolveSpecifier = (file: string, specifier: string) => {
  const alias = ALIASES.find(([prefix]) => specifier.startsWith(prefix));
  return alias
    ? path.resolve(ROOT, alias[1], specifier.slice(alias[0].length))
    : path.resolve(ROOT, path.dirname(file), specifier);
};

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

const importProblems = async ([file, code]: Snippet) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.startsWith('import-x/') || m.ruleId === 'no-restricted-imports')
    .map((m) => ({ rule: m.ruleId, message: m.message }));
};

const denied = ZONE_CASES.flatMap((c) => c.denied.map((snippet) => ({ ...c, snippet })));
const allowed = ZONE_CASES.flatMap((c) => c.allowed.map((snippet) => ({ ...c, snippet })));

describe('lint zones', () => {
  it('imports only files that exist, so no case passes because an import did not resolve', () => {
    const missing = [...denied, ...allowed]
      .filter(({ rule }) => rule !== 'import-x/no-unresolved')
      .flatMap(({ snippet: [file, code] }) =>
        [...code.matchAll(/['"]((?:\.{1,2}|#[a-z-]+)\/[^'"]+)['"]/g)]
          .map((match) => resolveSpecifier(file, match[1] ?? ''))
          .filter((target) => !['.ts', '.tsx'].some((ext) => existsSync(target + ext))),
      );
    expect(missing).toEqual([]);
  });

  it.each(denied)('$zone: denies $snippet', async ({ snippet, rule, message }) => {
    expect(await importProblems(snippet)).toContainEqual({ rule, message: expect.stringContaining(message) });
  });

  it.each(allowed)('$zone: allows $snippet', async ({ snippet }) => {
    expect(await importProblems(snippet)).toEqual([]);
  });
});
