import { describe, expect, it } from 'vitest';
import { API_BASE as contractBase, buildPath as contractBuildPath, endpoints } from '#contract/endpoints';
import { API_BASE, apiRoutes, buildPath } from './api-routes';

describe('api routes (zod-free copy of the contract table)', () => {
  it('has the method and path of every contract endpoint', () => {
    expect(API_BASE).toBe(contractBase);
    const fromContract = Object.fromEntries(
      Object.entries(endpoints).map(([name, ep]) => [name, { method: ep.method, path: ep.path }]),
    );
    expect(apiRoutes).toEqual(fromContract);
  });

  it('fills parameters like the contract', () => {
    for (const [path, params] of [
      ['/products/:id', { id: 7 }],
      ['/orders/:id/items', { id: 'a b' }],
      ['/products', {}],
    ] as const)
      expect(buildPath(path, params)).toBe(contractBuildPath(path, params));
  });
});
