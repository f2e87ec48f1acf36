import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi } from '#common/wire/accounts.ts';
import { chatApi } from '#common/wire/chat.ts';
import { referenceApi, sitesApi } from '#common/wire/settings-api.ts';
import { messages, pageEvents } from '../db/schema/index.ts';
import { activeMember, CLIENT } from '../test/factories.ts';
import { asMember, asVisitor } from '../test/member-client.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';
import { PAGE_HIDDEN_PER_MINUTE } from '../modules/analytics/analytics.routes.ts';
import { badInputSqlState } from './errors.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { RATE_LIMITS: 'true' } });
});
afterAll(async () => {
  await t.close();
});

describe('errors and unknown API paths', () => {
  it('answers an unknown API path with a JSON 404 in the error model', async () => {
    const res = await t.app.inject({ url: '/api/nope.php', cookies: { i18n_redirected: 'nl' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'not_found' });
    expect(res.json().message).not.toBe('This could not be found.');
  });

  it('answers a URL the router cannot decode in the error model, without echoing the path', async () => {
    const res = await t.app.inject({ url: '/media/%ED%A0%80x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request' });
    expect(res.body).not.toContain('%ED');
  });

  it('rate-limits unknown paths', async () => {
    let last = 0;
    for (let i = 0; i < 70; i++)
      last = (await t.app.inject({ url: `/api/scan-${i}.php`, remoteAddress: '10.9.9.9' })).statusCode;
    expect(last).toBe(429);
  });

  it('answers invalid input with invalid_request and changes nothing', async () => {
    const res = await asVisitor(t.app).call(sitesApi.settings, { country: 'Netherlands' });
    expect(res.status).toBe(400);
    expect(res.error?.error).toBe('invalid_request');
  });
});

describe('text input the database cannot store', () => {
  it('refuses a NUL byte or a lone surrogate in any text field with 400 invalid_request naming the field', async () => {
    for (const email of ['a\u0000@example.com', '\u0000', 'a\ud800@example.com']) {
      const res = await asVisitor(t.app).call(accountsApi.login, { email, password: 'secret password' });
      expect(res.status).toBe(400);
      expect(res.error).toMatchObject({
        error: 'invalid_request',
        data: { issues: [{ path: 'email', message: 'validation.text_invalid' }] },
      });
    }
    const mailbox = await t.app.inject({ url: '/dev/mailbox.json?to=a%00b' });
    expect(mailbox.statusCode).toBe(400);
    expect(mailbox.json().data.issues[0]).toEqual({ path: 'to', message: 'validation.text_invalid' });
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/webhooks/payment',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=tr_%00',
    });
    expect(webhook.statusCode).toBe(400);
    // Emoji are surrogate pairs, not lone surrogates: still accepted.
    const emoji = await t.app.inject({ url: `/dev/mailbox.json?to=${encodeURIComponent('😀@example.com')}` });
    expect(emoji.statusCode).toBe(200);
  });

  it('answers 400, not 500, when a value the schema let through is refused by the database', async () => {
    const { db } = t.services.database;
    const refused = (query: ReturnType<typeof sql>) =>
      db.execute(query).then(
        () => null,
        (err: unknown) => err,
      );
    expect(badInputSqlState(await refused(sql`select ${'a\u0000b'}::text`))).toBe('22021');
    expect(badInputSqlState(await refused(sql`select ${'{"a":"\\u0000"}'}::jsonb`))).toBe('22P05');
    expect(badInputSqlState(await refused(sql`select ${'99999999999'}::int`))).toBe('22003');
    expect(badInputSqlState(await refused(sql`select 1 / 0`))).toBeNull();
  });
});

describe('security', () => {
  it('sends CSP with a per-request nonce, frame-ancestors, referrer policy and a request id', async () => {
    const a = await t.app.inject({ url: '/healthz' });
    const b = await t.app.inject({ url: '/healthz' });
    const csp = String(a.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).not.toBe(String(b.headers['content-security-policy']));
    expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['strict-transport-security']).toBeUndefined();
  });

  it('rejects a cross-site mutation and accepts a same-site beacon', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { origin: 'https://evil.example', host: 'localhost', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('origin_rejected');
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { host: 'localhost', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(noOrigin.statusCode).toBe(403);
    const before = await t.services.database.db.select().from(pageEvents).where(eq(pageEvents.kind, 'hidden'));
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: {
        origin: 'http://localhost',
        host: 'localhost',
        referer: 'http://localhost/pages/faq',
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    expect(ok.statusCode).toBe(204);
    const after = await t.services.database.db.select().from(pageEvents).where(eq(pageEvents.kind, 'hidden'));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)?.path).toBe('/pages/faq');
  });
});

describe('origin check on the matched route', () => {
  it('rejects a mutation to a percent-encoded /api path without Origin before it reaches the handler', async () => {
    const sender = await activeMember(t);
    const receiver = await activeMember(t, { gender: 'female', looking_for: 'male' });
    const before = await t.services.database.db.$count(messages);
    for (const url of ['/%61pi/chat.php', '/%61%70%69/chat.php', '/api/chat.php']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { host: 'localhost', 'content-type': 'application/json' },
        cookies: sender.cookie,
        payload: { profile_id: receiver.user.profile.id, text: 'Sent from another site' },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe('origin_rejected');
    }
    const beacon = await t.app.inject({
      method: 'POST',
      url: '/%61pi/page-hidden.php',
      headers: { host: 'localhost', origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(beacon.statusCode).toBe(403);
    expect(await t.services.database.db.$count(messages)).toBe(before);
  });
});

describe('page-hidden beacon', () => {
  it('is limited per IP address: past the budget it answers 429 and records nothing more', async () => {
    const beacon = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/page-hidden.php',
        remoteAddress,
        headers: { origin: 'http://localhost', host: 'localhost', 'content-type': 'text/plain' },
        payload: '{}',
      });
    const count = () => t.services.database.db.$count(pageEvents, eq(pageEvents.kind, 'hidden'));
    const before = await count();
    const codes: number[] = [];
    for (let i = 0; i < PAGE_HIDDEN_PER_MINUTE + 5; i++) codes.push((await beacon('198.51.100.7')).statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(PAGE_HIDDEN_PER_MINUTE);
    expect(codes.slice(PAGE_HIDDEN_PER_MINUTE)).toEqual([429, 429, 429, 429, 429]);
    expect((await beacon('198.51.100.8')).statusCode).toBe(204);
    expect(await count()).toBe(before + PAGE_HIDDEN_PER_MINUTE + 1);
  });
});

describe('caching of API answers', () => {
  it('marks every API answer no-store, errors and unknown paths included, except public reference data and polls', async () => {
    const m = await activeMember(t);
    const typed = [
      await asMember(t.app, m.cookie).call(accountsApi.current),
      await asVisitor(t.app).call(sitesApi.settings, {}),
      await asVisitor(t.app).call(chatApi.list),
    ];
    // No descriptor: an unknown path, a login without its password, the dev mailbox.
    const raw = [
      await t.app.inject({ url: '/api/nope.php', headers: CLIENT }),
      await t.app.inject({ method: 'POST', url: '/api/user.php', headers: CLIENT, payload: { email: 'x' } }),
      await t.app.inject({ url: '/dev/mailbox.json' }),
    ];
    const answers = [
      ...typed.map((r) => ({ status: r.status, headers: r.headers, text: JSON.stringify(r.body) })),
      ...raw.map((r) => ({ status: r.statusCode, headers: r.headers, text: r.body })),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 403, 404, 400, 200]);
    // The member's own polled answer is kept privately and revalidated every time (ETag, issue 32); the rest no-store.
    const [polled, ...rest] = answers;
    expect(polled.headers['cache-control']).toBe('private, no-cache');
    expect(polled.headers.etag).toBeDefined();
    for (const res of rest) expect(res.headers['cache-control'], res.text.slice(0, 80)).toBe('no-store');
    const interests = await asVisitor(t.app).call(referenceApi.interests);
    expect(interests.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('health', () => {
  it('is live and ready, and not ready while shutting down', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    t.services.lifecycle.shuttingDown = true;
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(503);
    t.services.lifecycle.shuttingDown = false;
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/settings.php', '/api/companyinfo.php', '/api/regions.php']));
    expect(res.json().paths['/api/settings.php'].get.responses['200']).toBeDefined();
  });

  it('does not serve the API docs in production unless API_DOCS=true', async () => {
    for (const [env, expected] of [
      [{ NODE_ENV: 'production' }, 404],
      [{ NODE_ENV: 'production', API_DOCS: 'true' }, 200],
    ] as const) {
      const prod = await buildTestApp({ env });
      try {
        for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml']) {
          const res = await prod.app.inject({ url });
          expect(res.statusCode, `${env.API_DOCS ?? ''} ${url}`).toBe(expected);
        }
      } finally {
        await prod.close();
      }
    }
  });
});
