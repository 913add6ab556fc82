/**
 * The operator's port (METRICS_PORT, on 127.0.0.1 unless METRICS_HOST says otherwise): `GET /metrics` in
 * Prometheus' text format, and on a lowdb shop `GET /backup`, a consistent backup archive of the running shop
 * streamed to `npm run backup` (take-backup.ts). Kept off the public port, so neither the traffic figures nor
 * the shop's data can be fetched by a visitor; with METRICS_TOKEN set both ask for it as a bearer here too.
 * One backup at a time: a second caller is told to wait rather than doubling the disk work.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { tokenMatches } from '#server/http/routes/ops-routes';
import type { StagedBackup } from './backup/take-backup';
import type { Metrics } from './metrics';
import type { Logger } from './logger';

export interface OpsServerOptions {
  metrics: Metrics;
  token?: string;
  backup?: () => Promise<StagedBackup>;
  logger: Logger;
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`${text}\n`);
}

const bearer = (req: IncomingMessage): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

export function createOpsServer({ metrics, token, backup, logger }: OpsServerOptions): Server {
  let backingUp = false;
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET') return plain(res, 405, 'GET only');
    if (token && !tokenMatches(bearer(req), token)) return plain(res, 401, 'Bearer token required');
    if (path === '/metrics') {
      metrics.text().then(
        (text) => {
          res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
          res.end(text);
        },
        (e: unknown) => {
          logger.error({ err: e }, 'metrics failed');
          plain(res, 500, 'metrics failed');
        },
      );
      return;
    }
    if (path === '/backup' && backup) {
      if (backingUp) return plain(res, 409, 'A backup is already being taken; try again when it is done.');
      backingUp = true;
      void (async () => {
        let staged: StagedBackup | undefined;
        try {
          staged = await backup();
          logger.info({ rows: staged.manifest.rows, files: staged.manifest.files.length }, 'backup taken');
          res.writeHead(200, { 'Content-Type': 'application/gzip', 'Cache-Control': 'no-store' });
          await pipeline(staged.pack(), res);
        } catch (e) {
          logger.error({ err: e }, 'backup failed');
          if (!res.headersSent) plain(res, 500, 'The backup failed; see the server log.');
          else res.destroy();
        } finally {
          backingUp = false;
          await staged?.cleanup();
        }
      })();
      return;
    }
    plain(res, 404, 'Not found');
  });
}
