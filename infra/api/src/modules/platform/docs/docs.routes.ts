// GET /api/docs/openapi.json and a small self-contained page that renders it (no CDN: offline).
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RouteRegistry } from '../../../http/route';
import { buildOpenApiDocument } from '../../../plugins/openapi';
import { DOCS_SCRIPT, DOCS_STYLE } from './docs-page';

export function registerDocsRoutes(app: FastifyInstance, registry: RouteRegistry, version: string) {
  let document: string | undefined;
  const scriptHash = createHash('sha256').update(DOCS_SCRIPT).digest('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Portal API</title><style>${DOCS_STYLE}</style></head>
<body><main id="app"><h1>Portal API</h1><p>Loading <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>…</p></main>
<script>${DOCS_SCRIPT}</script></body></html>`;

  app.get('/docs/openapi.json', { config: { skipCaller: true } }, async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument(registry, { version }));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
  app.get('/docs', { config: { skipCaller: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', `default-src 'none'; script-src 'sha256-${scriptHash}'; style-src 'unsafe-inline'; connect-src 'self'`)
      .send(html),
  );
}
