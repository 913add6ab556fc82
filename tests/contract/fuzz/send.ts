/**
 * One generated request on the wire, as one role, with fetch: the same call reaches the Koa server over
 * HTTP and the MSW handlers (which intercept fetch), so both runs send exactly the same bytes.
 */
import type { Endpoint, EndpointName } from '#contract/endpoints';
import { API_BASE, endpoints } from '#contract/endpoints';
import type { Answer } from './checks';
import { clip } from './checks';
import type { FuzzRequest } from './requests';

export type Role = 'anon' | 'shopper' | 'admin';

/** `token`: the role's session token, or for 'anon' the request's bogus one (if any). */
export async function sendRequest(
  baseUrl: string,
  name: EndpointName,
  req: FuzzRequest,
  role: Role,
  token: string | undefined,
): Promise<Answer> {
  const ep: Endpoint = endpoints[name];
  const path = ep.path.replace(':id', req.segment ?? '');
  const qs = [new URLSearchParams(req.query.map(([k, v]) => [k, v])).toString(), req.rawQuery]
    .filter(Boolean)
    .join('&');
  const url = `${baseUrl}${API_BASE}${path}${qs ? `?${qs}` : ''}`;
  const headers: Record<string, string> = { ...req.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  // A typed array goes out with no Content-Type at all (a string would be labelled text/plain).
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (req.body?.type) {
    headers['content-type'] = req.body.type;
    body = req.body.text;
  } else if (req.body) body = new TextEncoder().encode(req.body.text);
  const excerpt = clip(
    `${ep.method} ${url.slice(baseUrl.length)} as ${role}${token && role === 'anon' ? ' (bogus token)' : ''}` +
      `${Object.keys(req.headers).length ? ` ${JSON.stringify(req.headers)}` : ''}` +
      `${req.body ? ` [${req.body.type ?? 'no content-type'}] ${req.body.text}` : ''}`,
    300,
  );
  let res: Response;
  try {
    res = await fetch(url, { method: ep.method, headers, body, redirect: 'manual' });
  } catch (e) {
    const why = e instanceof Error ? `${e.message} ${String(e.cause ?? '')}` : String(e);
    throw new Error(`${name}: no answer at all (${why})\n  request: ${excerpt}`, { cause: e });
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, excerpt };
}
