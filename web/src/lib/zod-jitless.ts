/**
 * `zod` for the browser bundle (vite.config.ts aliases the bare specifier here). Zod 4 compiles object
 * parsers with `new Function` and probes for it on first use; under the server's Content-Security-Policy
 * (script-src 'self', no 'unsafe-eval') that probe is blocked and reported as a CSP violation even though
 * zod catches it and falls back. jitless skips both the probe and the compiler. Being the module every
 * `import 'zod'` resolves to, this runs before any schema is built.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
