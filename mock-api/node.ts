/**
 * MSW for vitest. Usage:
 *   beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
 *   beforeEach(() => resetMockStore());
 *   afterAll(() => server.close());
 * (resetMockStore, getMockToken, MOCK_ADMIN, demoShopperCredentials come from ./mock-store)
 * then fetch('http://localhost/api/...') or the app's API client; tokens via getMockToken().
 */
import { setupServer } from 'msw/node';
import { createHtmlSanitizer } from '#server/store/html-sanitizer';
import { handlers } from './handlers';
import { configureMockSanitizer } from './mock-store';

configureMockSanitizer(createHtmlSanitizer());

export const server = setupServer(...handlers);
