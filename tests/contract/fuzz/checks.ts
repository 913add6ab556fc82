/**
 * The checks every answer of the fuzz run must pass, whoever serves it (Koa or MSW):
 *   (a) no status of 500 or more;
 *   (b) every answer that is not 2xx/304 has the one error shape; one with the endpoint's own status
 *       matches its response schema;
 *   (c) every stored row passes the row rule boot loads rows with (record-schemas.ts);
 *   (d) a 4xx left the stored data, uploads included, exactly as it was.
 * A failure names the check, the request and the answer, clipped so a report stays readable.
 */
import type { EndpointName } from '#contract/endpoints';
import { endpoints } from '#contract/endpoints';
import { errorBodySchema } from '#contract/schemas/errors';
import type { StoreSnapshot } from './snapshot';
import { differences } from './snapshot';

export interface Answer {
  status: number;
  text: string;
  json: unknown;
  /** The request as sent, clipped, for failure messages. */
  excerpt: string;
}

/** Long runs folded (`a×400`), control characters escaped, at most `max` characters. */
export function clip(text: string, max: number): string {
  const folded = text.replace(/(.)\1{11,}/gsu, (run, c: string) => `${c}×${run.length / c.length}`);
  const escaped = JSON.stringify(folded).slice(1, -1);
  return escaped.length > max ? `${escaped.slice(0, max - 1)}…` : escaped;
}

const failure = (name: EndpointName, what: string, a: Answer): Error =>
  new Error(`${name}: ${what}\n  request: ${a.excerpt}\n  answer:  ${a.status} ${clip(a.text, 200)}`);

/** Throws the first check the answer `a` fails, given the stored data before and after it. */
export function checkAnswer(
  name: EndpointName,
  a: Answer,
  before: StoreSnapshot,
  after: StoreSnapshot,
): void {
  if (a.status >= 500) throw failure(name, `(a) a ${a.status} answer`, a);
  // Rows this very answer made bad: a row stored earlier is the failure of the request that stored it.
  const madeBad = after.badRows.filter((r) => !before.badRows.includes(r));
  if (madeBad.length)
    throw failure(name, `(c) stored rows that boot would quarantine: ${madeBad.slice(0, 3).join(' | ')}`, a);
  if (a.status >= 400 && a.status < 500) {
    const changed = differences(before, after);
    if (changed.length)
      throw failure(name, `(d) a refusal changed stored data: ${changed.slice(0, 5).join(', ')}`, a);
  }
  const ok = (a.status >= 200 && a.status < 300) || a.status === 304;
  if (!ok && !errorBodySchema.safeParse(a.json).success)
    throw failure(name, '(b) the error answer lacks { message, code, fields? }', a);
  // A download (the CSV exports) answers text, which its response schema reads as it is.
  const answer = 'download' in endpoints[name] ? a.text : a.json;
  if (a.status === endpoints[name].status && !endpoints[name].response.safeParse(answer).success)
    throw failure(name, "(b) the answer does not match the endpoint's response schema", a);
}
