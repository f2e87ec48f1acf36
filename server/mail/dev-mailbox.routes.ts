import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zText } from '#common/text.ts';
import type { TConfig } from '../config.ts';
import { claimedAddresses, isLoopbackAddress } from '../lib/client-address.ts';
import { isLoopbackHost } from '../lib/site-origin.ts';
import type { TServices } from '../services.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { findMail, listLatestMail, listMailTo } from './mailbox.repository.ts';

const ZMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  text: z.string(),
  created_at: z.string(),
});

/**
 * Whether a request may read the mailbox: any client with DEV_MAILBOX=true, else only one on this machine that names
 * this machine. Every address the request names must be loopback: its socket and each X-Forwarded-For entry, whoever
 * wrote it (a proxy appends the client it relays, so a remote client behind any proxy fails, and one that connects
 * directly fails on its socket, whatever TRUST_PROXY says). The Host must be a loopback name too: a page on
 * evil.example whose name now resolves to 127.0.0.1 (DNS rebinding) sends `Host: evil.example`.
 */
function mayRead(request: FastifyRequest, config: TConfig): boolean {
  if (config.devMailboxAnyClient) return true;
  if (!isLoopbackHost(request.headers.host)) return false;
  if (request.headers.forwarded !== undefined) return false;
  return claimedAddresses(request.raw.socket.remoteAddress, request.headers).every(isLoopbackAddress);
}

/**
 * The dev mailbox (development and the one-command demo, see config.devMailbox): every email and SMS the app would
 * have sent, newest first. It holds every reset link, so it answers loopback clients only unless DEV_MAILBOX=true.
 */
export async function devMailboxRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'config' | 'database'> },
) {
  // Scoped to these routes (not fastify-plugin): everyone else gets the same 404 as for a path that does not exist.
  app.addHook('onRequest', async (request, reply) => {
    if (!mayRead(request, services.config)) return reply.callNotFound();
    reply.header('cache-control', 'no-store');
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;

  r.get(
    '/dev/mailbox.json',
    { schema: { hide: true, querystring: z.object({ to: zText().optional() }), response: { 200: z.array(ZMail) } } },
    async (request) => {
      const rows = request.query.to ? await listMailTo(db, request.query.to.toLowerCase()) : await listLatestMail(db);
      return rows.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        kind: m.kind,
        text: m.text,
        created_at: m.createdAt.toISOString(),
      }));
    },
  );

  r.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const rows = await listLatestMail(db);
    const items = rows
      .map(
        (m) =>
          `<li><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a> → ${escapeHtml(m.to)} <small>${m.createdAt.toISOString()}</small></li>`,
      )
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title></head><body style="font-family:sans-serif;max-width:900px;margin:2rem auto"><h1>Dev mailbox</h1><p>Emails are stored here because SMTP_URL is not set. Shown only on this machine unless DEV_MAILBOX=true.</p><ol>${items || '<li>No email yet.</li>'}</ol></body></html>`,
      );
  });

  r.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: z.object({ id: z.coerce.number().int().positive() }) } },
    async (request, reply) => {
      const mail = await findMail(db, request.params.id);
      if (!mail) return reply.callNotFound();
      return reply.type('text/html; charset=utf-8').send(mail.html);
    },
  );
}
