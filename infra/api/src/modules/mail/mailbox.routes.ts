// The development mailbox: what the outbox holds (and the dispatcher sent), rendered as the
// recipient sees it. Registered only when NODE_ENV is not production (see app.ts): it shows codes
// and reset links, so it must never exist where real people receive mail.
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema/index';
import { renderMessage, renderSms } from './templates';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function registerMailboxRoutes(app: FastifyInstance, db: Db, publicBaseUrl: string) {
  async function messages(to: string | undefined, limit: number) {
    const rows = await db
      .select()
      .from(outbox)
      .where(to ? eq(outbox.recipient, to.trim().toLowerCase()) : undefined)
      .orderBy(desc(outbox.id))
      .limit(limit);
    return rows.map((row) => {
      let rendered: { subject: string; text: string; html: string };
      try {
        rendered =
          row.channel === 'sms'
            ? { subject: 'SMS', text: renderSms(row, publicBaseUrl), html: '' }
            : renderMessage(row, publicBaseUrl);
      } catch (err) {
        rendered = { subject: `(cannot render: ${(err as Error).message})`, text: '', html: '' };
      }
      return {
        id: row.id,
        channel: row.channel,
        to: row.recipient,
        template: row.template,
        locale: row.locale,
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
        payload: row.payload,
        ...rendered,
      };
    });
  }

  const limitOf = (q: Record<string, unknown>) => Math.min(200, Math.max(1, Number(q.limit) || 50));

  app.get('/dev/mailbox/messages', async (request, reply) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    reply.header('cache-control', 'no-store');
    return messages(typeof q.to === 'string' && q.to ? q.to : undefined, limitOf(q));
  });

  app.get('/dev/mailbox', async (request, reply) => {
    const q = (request.query ?? {}) as Record<string, unknown>;
    const list = await messages(typeof q.to === 'string' && q.to ? q.to : undefined, limitOf(q));
    const items = list
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p><small>#${m.id} · ${m.channel} to ${escapeHtml(m.to)} · ${m.locale} · ${m.status} (${m.attempts} attempts) · ${m.createdAt}</small></p>
<pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('<hr>');
    reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style></head>
<body><h1>Development mailbox</h1><p>Mail and SMS in the outbox, newest first. Never available in production.</p>
<form><label>Recipient <input name="to" value="${escapeHtml(typeof q.to === 'string' ? q.to : '')}"></label> <button>Filter</button></form>
<main>${items || '<p>No messages.</p>'}</main></body></html>`;
  });
}
