import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * api-client.ts evaluates the contract's schema modules in two tasks (schemas-warm-a.ts, then schemas-warm-b.ts)
 * before the endpoint table (issue 29: no task over 50 ms while the catalogue is copied). A schema module the
 * table imports but neither half names still works, but is evaluated in the table's task, which grows again
 * unseen; a module of the first half that imports one of the second would pull it into the first task.
 */
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const modules = (text: string, from: RegExp) => new Set([...text.matchAll(from)].map((m) => m[1]!));
const warm = (file: string) => modules(read(file), /^import '#contract\/schemas\/([\w-]+)';$/gm);
const schemaImports = (name: string) =>
  modules(read(`../../../contract/schemas/${name}.ts`), /from '\.\/([\w-]+)'/g);

describe('schemas-warm', () => {
  const a = warm('./schemas-warm-a.ts');
  const b = warm('./schemas-warm-b.ts');

  it('the two halves import every schema module the endpoint table imports, each once', () => {
    const table = modules(read('../../../contract/endpoints.ts'), /from '\.\/schemas\/([\w-]+)'/g);
    expect(table.size).toBeGreaterThan(5);
    expect([...table].filter((m) => !a.has(m) && !b.has(m))).toEqual([]);
    expect([...a].filter((m) => b.has(m))).toEqual([]);
  });

  it('no module of the first half imports one of the second', () => {
    expect(a.size).toBeGreaterThan(2);
    const across = [...a].flatMap((m) =>
      [...schemaImports(m)].filter((i) => b.has(i)).map((i) => `${m} -> ${i}`),
    );
    expect(across).toEqual([]);
  });

  it('vite.config.ts puts the first half in a chunk of its own', () => {
    const config = read('../../../vite.config.ts');
    const group =
      /name: 'contract-schemas-a',\s*test: \/contract\[\\\\\/\]schemas\[\\\\\/\]\(([\w|-]+)\)/.exec(config);
    expect(group, 'the contract-schemas-a group in vite.config.ts').not.toBeNull();
    expect(new Set(group![1]!.split('|'))).toEqual(a);
  });
});
