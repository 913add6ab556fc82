/**
 * Test kit: what a link previewer and a search engine make of a page's HTML (issue 28), offline.
 * - openGraphOf: open-graph-scraper on the HTML string (its `html` option: it fetches nothing).
 * - structuredDataIssues: @marbec/web-auto-extractor reads the JSON-LD, microdata and RDFa, and
 *   @adobe/structured-data-validator checks them against Google's rich-result rules and schema.org's vocabulary
 *   (server/test/schemaorg/vocabulary.json, reduced from schema.org's release file: how, in reduce-vocabulary.ts).
 */
import { readFileSync } from 'node:fs';
import Validator from '@adobe/structured-data-validator';
import type { ValidationIssue } from '@adobe/structured-data-validator';
import WebAutoExtractor from '@marbec/web-auto-extractor';
import type { ExtractedData } from '@marbec/web-auto-extractor';
import ogs from 'open-graph-scraper';
import type { SuccessResult } from 'open-graph-scraper/types';

export type OgObject = SuccessResult['result'];

const vocabulary = JSON.parse(
  readFileSync(new URL('./schemaorg/vocabulary.json', import.meta.url), 'utf8'),
) as object;

export async function openGraphOf(html: string): Promise<OgObject> {
  const { error, result } = await ogs({ html });
  if (error) throw new Error(`open-graph-scraper refused the page: ${JSON.stringify(result)}`);
  return result;
}

export const extractStructuredData = (html: string): ExtractedData => new WebAutoExtractor().parse(html);

/** Every issue the validator finds: errors, and warnings (recommended fields, properties schema.org lacks). */
export async function structuredDataIssues(html: string): Promise<ValidationIssue[]> {
  return new Validator(vocabulary).validate(extractStructuredData(html));
}

/** One line per issue, for a readable failure. */
export const describeIssues = (issues: readonly ValidationIssue[]): string[] =>
  issues.map((i) => `${i.severity} ${i.rootType ?? ''} ${(i.fieldNames ?? []).join(',')}: ${i.issueMessage}`);
