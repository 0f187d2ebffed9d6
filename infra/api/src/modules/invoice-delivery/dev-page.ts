// The development access point's page: what it received, newest first, with the envelope, the status
// and the UBL itself. Registered only with the development access point (never in production, where
// env.ts refuses it), and like the development mailbox it answers only this machine or a staff session.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../common/html';
import { mayOpenDevelopmentPage } from '../../http/development-pages';
import { AppError } from '../../errors';
import type { DevAccessPoint, ReceivedDocument } from './dev-access-point';

const STYLE = `body{font-family:system-ui,sans-serif;color:#1a1a1a;background:#fff;max-width:64rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.25rem .5rem;border-bottom:1px solid #6b6b6b;vertical-align:top}
pre{white-space:pre-wrap;word-break:break-all;background:#f4f4f4;padding:1rem;max-height:30rem;overflow:auto}
summary{cursor:pointer;color:#0b57d0}summary:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}`;

function row(d: ReceivedDocument): string {
  return `<tr><td><code>${escapeHtml(d.messageId)}</code></td><td>${escapeHtml(d.documentType)}</td><td>${escapeHtml(d.senderId)}</td><td>${escapeHtml(d.receiverId)}</td>
<td>${escapeHtml(d.receivedAt)}</td><td>${escapeHtml(d.status)}${d.reason ? `: ${escapeHtml(d.reason)}` : ''}</td></tr>
<tr><td colspan="6"><details><summary>UBL of ${escapeHtml(d.messageId)}</summary><pre>${escapeHtml(d.ubl)}</pre></details></td></tr>`;
}

export function registerDevAccessPointPage(app: FastifyInstance, accessPoint: DevAccessPoint) {
  const guard = {
    onRequest: async (request: FastifyRequest) => {
      if (!mayOpenDevelopmentPage(request)) throw new AppError(403, 'ACCESS_POINT_FORBIDDEN', 'The development access point answers only this machine or a staff session');
    },
  };

  app.get('/dev/access-point/messages', guard, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return (await accessPoint.received(200)).map(({ ubl, ...envelope }) => ({ ...envelope, bytes: Buffer.byteLength(ubl) }));
  });

  app.get('/dev/access-point', guard, async (_request, reply) => {
    const received = await accessPoint.received(200);
    reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development access point</title><style>${STYLE}</style></head>
<body><main><h1>Development access point</h1>
<p>Peppol documents the portal sent, kept in <code>${escapeHtml(accessPoint.folder)}</code> (one folder per message: <code>document.xml</code> and <code>status.json</code>). Nothing leaves this machine. Set a message's <code>status</code> to <code>failed</code> with a <code>reason</code> in its <code>status.json</code> to see a failed delivery at the next status poll. Never available in production.</p>
${
  received.length
    ? `<table><thead><tr><th scope="col">Message</th><th scope="col">Document</th><th scope="col">Sender</th><th scope="col">Receiver</th><th scope="col">Received</th><th scope="col">Status</th></tr></thead><tbody>${received.map(row).join('')}</tbody></table>`
    : '<p>Nothing received yet.</p>'
}</main></body></html>`;
  });
}
