/**
 * Nothing but zod (the jitless one): api-client.ts imports this before the schemas, so that zod is evaluated
 * in a task of its own. No exports, so the bundle keeps only the zod the schemas use.
 */
import './zod-jitless';
