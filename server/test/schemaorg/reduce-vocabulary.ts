/**
 * Makes vocabulary.json, the schema.org vocabulary the structured-data tests give @adobe/structured-data-validator
 * (which wants schema.org's `schemaorg-all-https.jsonld`; the tests run with no network, and no package ships it).
 *
 *   npx tsx server/test/schemaorg/reduce-vocabulary.ts <schemaorg-all-https.jsonld> <release, e.g. 30.0>
 *   npx prettier --write server/test/schemaorg/vocabulary.json
 *
 * The input is schema.org's own release file (https://schema.org/version/latest/schemaorg-all-https.jsonld, or
 * data/releases/<version>/ in github.com/schemaorg/schemaorg). Reduced to what the validator reads, so the fixture
 * stays small while the answers for our pages stay what the whole file gives:
 * - every schema.org class (rdfs:Class), with only its id and its parents (rdfs:subClassOf): a type that is not schema.org's is
 *   still an error, whichever type a page uses;
 * - the properties (rdf:Property) whose domain includes one of USED_TYPES or one of their ancestors, with only their
 *   id and that domain: the validator checks a property against the type it sits on and the type's ancestors.
 * Comments, labels, ranges and enumeration members are dropped (the validator reads none of them). A page that
 * starts using another type: add it to USED_TYPES and run this again (the test says which type lacks properties).
 */
import { readFileSync, writeFileSync } from 'node:fs';

/** Every @type the rendered pages' JSON-LD uses (server/http/pages/structured-data.ts). */
export const USED_TYPES = [
  'Product',
  'Offer',
  'Brand',
  'BreadcrumbList',
  'ListItem',
  'ItemList',
  'Organization',
  'WebSite',
  'SearchAction',
  'EntryPoint',
];

type Ref = { '@id': string };
interface Entity {
  '@id': string;
  '@type': string | string[];
  'rdfs:subClassOf'?: Ref | Ref[];
  'schema:domainIncludes'?: Ref | Ref[];
}

const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const isA = (e: Entity, type: string) => list(e['@type']).includes(type);

const [input, version = 'unknown'] = process.argv.slice(2);
if (!input) throw new Error('usage: reduce-vocabulary.ts <schemaorg-all-https.jsonld> [release version]');
const graph = (JSON.parse(readFileSync(input, 'utf8')) as { '@graph': Entity[] })['@graph'];

const byId = (a: Entity, b: Entity) => (a['@id'] < b['@id'] ? -1 : a['@id'] > b['@id'] ? 1 : 0);
const classes = graph.filter((e) => isA(e, 'rdfs:Class') && e['@id'].startsWith('schema:')).sort(byId);
const parents = new Map(classes.map((c) => [c['@id'], list(c['rdfs:subClassOf']).map((p) => p['@id'])]));
const kept = new Set<string>();
const keep = (id: string) => {
  if (kept.has(id)) return;
  kept.add(id);
  for (const p of parents.get(id) ?? []) keep(p);
};
for (const t of USED_TYPES) {
  if (!parents.has(`schema:${t}`)) throw new Error(`schema:${t} is not in ${input}`);
  keep(`schema:${t}`);
}

const reducedClasses = classes.map((c) => ({
  '@id': c['@id'],
  '@type': 'rdfs:Class',
  ...(c['rdfs:subClassOf'] ? { 'rdfs:subClassOf': c['rdfs:subClassOf'] } : {}),
}));
const reducedProperties = graph
  .filter((e) => isA(e, 'rdf:Property'))
  .sort(byId)
  .map((p) => ({ p, domain: list(p['schema:domainIncludes']).filter((d) => kept.has(d['@id'])) }))
  .filter(({ domain }) => domain.length > 0)
  .map(({ p, domain }) => ({ '@id': p['@id'], '@type': 'rdf:Property', 'schema:domainIncludes': domain }));

const out = {
  _source: `schema.org release ${version}, schemaorg-all-https.jsonld, reduced by server/test/schemaorg/reduce-vocabulary.ts (every class; the properties of ${USED_TYPES.join(', ')} and their ancestors)`,
  '@context': {
    rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
    rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
    schema: 'https://schema.org/',
  },
  '@graph': [...reducedClasses, ...reducedProperties],
};
writeFileSync(new URL('./vocabulary.json', import.meta.url), `${JSON.stringify(out)}\n`);
console.log(`${reducedClasses.length} classes, ${reducedProperties.length} properties`);
