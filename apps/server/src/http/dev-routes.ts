import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailMessages } from '../db/schema/platform.ts';
import type { Deps } from '../deps.ts';
import { isUuid } from '../lib/ids.ts';
import { WORKERS, type WorkerDefinition } from '../app/workers.ts';

/**
 * Development-only pages: the mailbox of the built-in outbox mailer, and the movable test clock.
 * Never registered in production.
 */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Listwise dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1f2933}main{max-width:960px;margin:0 auto;padding:24px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:8px;border-bottom:1px solid #cbd2d9;vertical-align:top}
a{color:#0f4c5c}a:focus{outline:3px solid #f0b429;outline-offset:2px}.meta{color:#3e4c59}iframe{width:100%;height:70vh;border:1px solid #cbd2d9}</style>
</head><body><main>${body}</main></body></html>`;

export function registerDevRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/dev/mailbox', async (req, reply) => {
    const to = (req.query as { to?: string }).to?.toLowerCase();
    const rows = await deps.db
      .select()
      .from(emailMessages)
      .where(to ? eq(emailMessages.toAddress, to) : undefined)
      .orderBy(desc(emailMessages.createdAt))
      .limit(100);
    const list = rows
      .map(
        (m) => `<tr><td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td><td>${escapeHtml(m.toAddress)}</td>
<td>${m.createdAt.toISOString()}</td><td>${m.status}</td></tr>`,
      )
      .join('');
    reply.type('text/html').send(
      page(
        'Mailbox',
        `<h1>Mailbox</h1><p class="meta">E-mails sent by the built-in outbox mailer (newest first). Filter with ?to=address.</p>
<table><thead><tr><th scope="col">Subject</th><th scope="col">To</th><th scope="col">Sent</th><th scope="col">Status</th></tr></thead><tbody>${list || '<tr><td colspan="4">No e-mails yet</td></tr>'}</tbody></table>`,
      ),
    );
  });

  app.get('/dev/mailbox/:id', async (req, reply) => {
    const { id } = req.params as { id: string };
    const message = isUuid(id) ? await deps.db.query.emailMessages.findFirst({ where: eq(emailMessages.id, id) }) : undefined;
    if (!message)
      return reply
        .status(404)
        .type('text/html')
        .send(page('Not found', '<h1>Message not found</h1><p><a href="/dev/mailbox">Back to the mailbox</a></p>'));
    // The message's own HTML, shown as the recipient sees it; its links open the app.
    reply.type('text/html').send(message.html.replace('<body', `<body data-message-id="${message.id}"`));
  });

  app.get('/dev/mailbox.json', async (req) => {
    const to = (req.query as { to?: string }).to?.toLowerCase();
    return deps.db
      .select({
        id: emailMessages.id,
        to: emailMessages.toAddress,
        subject: emailMessages.subject,
        text: emailMessages.text,
        createdAt: emailMessages.createdAt,
      })
      .from(emailMessages)
      .where(to ? eq(emailMessages.toAddress, to) : undefined)
      .orderBy(desc(emailMessages.createdAt))
      .limit(100);
  });

  // Runs job handlers now, in this process, one after the other (the e2e suite moves the clock, then expires requests
  // without waiting for the next scheduled minute; the marketplace model runs every waiting state's job in one
  // request): `queue` names one, `queues` several. Same handlers as the workers; refused in production.
  app.post('/dev/jobs/run', async (req, reply) => {
    if (deps.config.isProduction) return reply.status(404).send({ error: 'not_found' });
    const { queue, queues, data } = (req.body ?? {}) as { queue?: unknown; queues?: unknown; data?: unknown };
    const names = Array.isArray(queues) ? queues : [queue];
    const workers = names.map((name) => WORKERS.find((w) => w.queue === name));
    if (!workers.length || !workers.every((worker): worker is WorkerDefinition => worker !== undefined)) {
      return reply.status(400).send({ error: 'unknown_queue', queues: WORKERS.map((w) => w.queue) });
    }
    const input = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const results: { queue: string; result: unknown }[] = [];
    for (const worker of workers) {
      results.push({ queue: worker.queue, result: (await worker.handle(deps, input)) ?? null });
    }
    return Array.isArray(queues) ? { results } : results[0];
  });

  if (deps.config.enableTestClock) {
    app.post('/dev/clock', async (req) => {
      const body = (req.body ?? {}) as { advanceMs?: number; reset?: boolean };
      if (body.reset) deps.clock.reset();
      if (typeof body.advanceMs === 'number' && Number.isFinite(body.advanceMs)) deps.clock.advance(body.advanceMs);
      return { now: deps.clock.now().toISOString() };
    });
  }
}
