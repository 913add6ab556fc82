import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints';
import { ROUTES } from './routes';

describe('the zod-free route table', () => {
  it('names every endpoint, with the method and path the endpoint table uses', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(Object.keys(endpoints).sort());
    for (const [name, ep] of Object.entries(endpoints))
      expect({ method: ep.method, path: ep.path }, name).toEqual(ROUTES[name as keyof typeof ROUTES]);
  });
});
