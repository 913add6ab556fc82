/**
 * Limits of the Node HTTP server, in one place so server/index.ts and the tests run the same settings.
 * Node's defaults assume a reverse proxy in front that enforces its own; Threadline may face the internet
 * directly, where a slow or idle client must not hold a connection (and so memory and a file descriptor)
 * for minutes.
 */
import type { RequestListener, Server } from 'node:http';
import { createServer } from 'node:http';

export interface ServerLimits {
  /** The request line and headers must arrive within this (slowloris); answered 408, then closed. */
  headersTimeout: number;
  /** The whole request, body included. 16 MB of admin images in 120 s needs ~1.1 Mbit/s of upload. */
  requestTimeout: number;
  /** How long an idle keep-alive connection waits for its next request. */
  keepAliveTimeout: number;
  /** A socket with no traffic either way (a client that stopped reading its answer) is closed after this. */
  idleTimeout: number;
  /** Headers past this count are dropped; browsers send about 20. */
  maxHeadersCount: number;
  /** Connections beyond this are closed as soon as they are accepted (MAX_CONNECTIONS). */
  maxConnections: number;
}

export const DEFAULT_SERVER_LIMITS: Readonly<ServerLimits> = {
  headersTimeout: 15_000,
  requestTimeout: 120_000,
  keepAliveTimeout: 5_000,
  idleTimeout: 60_000,
  maxHeadersCount: 100,
  maxConnections: 1000,
};

/** Sets every limit on `server`. Call before listen. */
export function applyServerLimits(server: Server, opts: Partial<ServerLimits> = {}): ServerLimits {
  const limits = { ...DEFAULT_SERVER_LIMITS, ...opts };
  if (limits.headersTimeout > limits.requestTimeout)
    throw new Error('headersTimeout must not exceed requestTimeout');
  server.headersTimeout = limits.headersTimeout;
  server.requestTimeout = limits.requestTimeout;
  server.keepAliveTimeout = limits.keepAliveTimeout;
  server.maxHeadersCount = limits.maxHeadersCount;
  server.maxConnections = limits.maxConnections;
  server.setTimeout(limits.idleTimeout);
  // maxRequestsPerSocket stays unlimited: every request is bounded by the timeouts above, and a cap would
  // only make keep-alive clients reconnect.
  return limits;
}

/**
 * An HTTP server for `handler` with the limits applied. Node enforces headersTimeout and requestTimeout
 * only when it sweeps its connections, every 30 s by default and settable only at creation, so the sweep
 * runs often enough for the timeouts to mean what they say.
 */
export function createLimitedServer(handler: RequestListener, opts: Partial<ServerLimits> = {}): Server {
  const headersTimeout = opts.headersTimeout ?? DEFAULT_SERVER_LIMITS.headersTimeout;
  const connectionsCheckingInterval = Math.min(1000, Math.max(50, Math.floor(headersTimeout / 5)));
  const server = createServer({ connectionsCheckingInterval }, handler);
  applyServerLimits(server, opts);
  return server;
}
