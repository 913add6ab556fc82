import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * api-client.ts evaluates the contract's schema modules (schemas-warm.ts) in a task before the endpoint table
 * (issue 29: no task over 50 ms while the catalogue is copied). A schema module the table imports but
 * schemas-warm.ts leaves out still works, but is evaluated in the table's task, which grows again unseen.
 */
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const modules = (text: string, from: RegExp) => new Set([...text.matchAll(from)].map((m) => m[1]!));

describe('schemas-warm', () => {
  it('imports every schema module the endpoint table imports', () => {
    const table = modules(read('../../../contract/endpoints.ts'), /from '\.\/schemas\/([\w-]+)'/g);
    const warm = modules(read('./schemas-warm.ts'), /^import '#contract\/schemas\/([\w-]+)';$/gm);
    expect(table.size).toBeGreaterThan(5);
    expect([...table].filter((m) => !warm.has(m))).toEqual([]);
  });
});
