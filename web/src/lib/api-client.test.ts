import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '#mock-api/node';
import { getMockToken } from '#mock-api/mock-store';
import { api, ApiError, TOKEN_KEY } from './api-client';

/** Captures what the one matching request carried, and answers with `reply`. */
function capture(method: 'get' | 'post', path: string, reply: () => Response) {
  const seen: { contentType: string | null; auth: string | null; body: string; url: string }[] = [];
  server.use(
    http[method](`*/api${path}`, async ({ request }) => {
      seen.push({
        contentType: request.headers.get('content-type'),
        auth: request.headers.get('authorization'),
        body: await request.text(),
        url: request.url,
      });
      return reply();
    }),
  );
  return seen;
}

const CSV = 'id,title\n1,"Tee, white"\n';

describe('api client', () => {
  it('still sends JSON bodies as JSON and parses JSON answers (against the mock core)', async () => {
    localStorage.setItem(TOKEN_KEY, await getMockToken('admin'));
    const [first] = await api('listCategories');
    const made = await api('updateCategory', {
      params: { id: first!.id },
      body: { name: 'Client Test', slug: '' },
    });
    expect(made).toMatchObject({ id: first!.id, name: 'Client Test' });
    const list = await api('listCategories');
    expect(list.some((c) => c.name === 'Client Test')).toBe(true);
  });

  it('hands a download over as its text, not parsed, with the bearer token', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok-1');
    const seen = capture(
      'get',
      '/admin/export/products.csv',
      () => new HttpResponse(CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    );
    await expect(api('exportProducts')).resolves.toBe(CSV);
    expect(seen[0]?.auth).toBe('Bearer tok-1');
  });

  it('passes a download query on and turns a refused download into ApiError with the message', async () => {
    const seen = capture('get', '/admin/export/orders.csv', () =>
      HttpResponse.json(
        { message: 'Give both from and to, or neither', code: 'validation_failed' },
        { status: 400 },
      ),
    );
    const failure = await api('exportOrders', { query: { from: '2026-01-01' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).serverMessage).toBe('Give both from and to, or neither');
    expect(new URL(seen[0]!.url).searchParams.get('from')).toBe('2026-01-01');
  });

  it('sends a CSV body as text/csv, byte for byte, and parses the JSON answer', async () => {
    const seen = capture('post', '/admin/import/products', () =>
      HttpResponse.json({ created: 1, updated: 0, unchanged: 0, errors: [] }),
    );
    const result = await api('importProducts', { query: { dry_run: '1' }, body: CSV });
    expect(result).toEqual({ created: 1, updated: 0, unchanged: 0, errors: [] });
    expect(seen[0]?.contentType).toBe('text/csv');
    expect(seen[0]?.body).toBe(CSV);
    expect(new URL(seen[0]!.url).searchParams.get('dry_run')).toBe('1');
  });

  it("keeps a refused import's errors in the error body", async () => {
    const errors = [{ row: 3, column: 'categories', message: 'Unknown category: Hats' }];
    capture('post', '/admin/import/products', () =>
      HttpResponse.json(
        { message: 'The file has 1 error', code: 'validation_failed', errors },
        { status: 400 },
      ),
    );
    const failure = await api('importProducts', { body: CSV }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(400);
    expect((failure as ApiError).body?.errors).toEqual(errors);
  });

  it('an answer that is not JSON fails the schema check rather than passing through', async () => {
    capture('get', '/categories', () => new HttpResponse('<html>oops</html>', { status: 200 }));
    await expect(api('listCategories')).rejects.toThrow();
  });
});
