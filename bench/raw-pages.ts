/**
 * The rendered pages' baseline (bench/pages.ts): node:http sending the very pages ours sends, each a ready
 * Buffer looked up by URL, with a content type and length and nothing else: the practical limit, as
 * raw-server.ts's `buffer` mode is for the JSON reads.
 * Usage: node --import tsx bench/raw-pages.ts <pages.json: { "<url>": "<html>" }> <port>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: raw-pages.ts <pages.json> <port>');

const pages = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).map(([url, html]) => [
    url,
    Buffer.from(html),
  ]),
);

createServer((req, res) => {
  const body = pages.get(req.url ?? '');
  if (!body) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length }).end(body);
}).listen(Number(port), '127.0.0.1', () => console.log(`raw server ready (pages, ${pages.size} pages)`));
