import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOFT_BOUNCE_WINDOW_MS } from '#common/notifications.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { notificationsApi } from '#common/wire/notifications.ts';
import { emailFeedback, users } from '#server/db/schema/index.ts';
import { buildMember, lastMail } from '#server/test/factories.ts';
import { asMember, asVisitor } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

// Bounce and complaint reports of the mail provider disable notification email (`bounce`, `fbl`); soft
// bounces count (the third within 7 days disables); re-enabling lifts `fbl`/`listunsubscribe` at once and `bounce`
// only through the link emailed to the address.

const SECRET = 'test-mail-webhook-secret-0123456789';
let clock = new Date('2026-11-20T10:00:00Z');
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, env: { MAIL_WEBHOOK_SECRET: SECRET } });
});
afterAll(async () => {
  await t.close();
});

let eventCounter = 0;
/** Posts a signed report; `signature` overrides the header. */
function report(events: Record<string, unknown>[], signature?: string) {
  const body = JSON.stringify({ events });
  const sig = signature ?? `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/mail',
    headers: { 'content-type': 'application/json', 'x-amora-signature': sig },
    payload: body,
  });
}
const bounce = (email: string, bounceType: 'hard' | 'soft', id = `evt-${++eventCounter}`) => ({
  id,
  type: 'bounce',
  bounce_type: bounceType,
  email,
  timestamp: clock.toISOString(),
});
const complaint = (email: string, id = `evt-${++eventCounter}`) => ({ id, type: 'complaint', email });

const reasonsOf = async (userId: number) => {
  const [row] = await t.services.database.db
    .select({ reasons: users.notificationsDisabled, latest: users.emailDisabledReason })
    .from(users)
    .where(eq(users.id, userId));
  return row;
};
const newMember = async () => {
  const m = await buildMember(t);
  return { ...m, userId: m.user.id as number, email: m.form.email as string };
};

describe('POST /webhooks/mail', () => {
  it('refuses a missing or wrong signature (401) and changes nothing', async () => {
    const m = await newMember();
    const events = [bounce(m.email, 'hard')];
    expect((await report(events, '')).statusCode).toBe(401);
    expect((await report(events, `sha256=${'0'.repeat(64)}`)).statusCode).toBe(401);
    const wrongKey = createHmac('sha256', 'another-secret-xxxxxxxx').update(JSON.stringify({ events })).digest('hex');
    expect((await report(events, `sha256=${wrongKey}`)).statusCode).toBe(401);
    expect(await reasonsOf(m.userId)).toEqual({ reasons: [], latest: null });
    const stored = await t.services.database.db.select().from(emailFeedback).where(eq(emailFeedback.userId, m.userId));
    expect(stored).toHaveLength(0);
  });

  it('refuses a malformed body (400) once signed', async () => {
    expect((await report([{ id: 'x', type: 'bounce', email: 'a@b.c' }])).statusCode).toBe(400);
    expect((await report([])).statusCode).toBe(400);
    const body = 'not json';
    const res = await t.app.inject({
      method: 'POST',
      url: '/webhooks/mail',
      headers: {
        'content-type': 'application/json',
        'x-amora-signature': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
      },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
  });

  it('a hard bounce disables with bounce, for every account of the address (any case)', async () => {
    const m = await newMember();
    const res = await report([bounce(m.email.toUpperCase(), 'hard')]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 1, disabled: 1 });
    expect(await reasonsOf(m.userId)).toEqual({ reasons: ['bounce'], latest: 'bounce' });
    const me = await asMember(t.app, m.cookie).call(accountsApi.current);
    expect(me.body.user?.notifications_disabled).toEqual(['bounce']);
  });

  it('a complaint disables with fbl', async () => {
    const m = await newMember();
    expect((await report([complaint(m.email)])).statusCode).toBe(200);
    expect(await reasonsOf(m.userId)).toEqual({ reasons: ['fbl'], latest: 'fbl' });
  });

  it('soft bounces: two do not disable, the third within 7 days does; a repeated report counts once', async () => {
    const m = await newMember();
    await report([bounce(m.email, 'soft', 'soft-a')]);
    later(86_400_000);
    await report([bounce(m.email, 'soft', 'soft-b')]);
    // The provider sends the same report again: stored once, not a third bounce.
    const again = await report([bounce(m.email, 'soft', 'soft-b')]);
    expect(again.json()).toEqual({ received: 1, disabled: 0 });
    expect(await reasonsOf(m.userId)).toEqual({ reasons: [], latest: null });
    const stored = await t.services.database.db.select().from(emailFeedback).where(eq(emailFeedback.userId, m.userId));
    expect(stored.map((f) => f.type)).toEqual(['soft_bounce', 'soft_bounce']);
    later(86_400_000);
    expect((await report([bounce(m.email, 'soft', 'soft-c')])).json()).toEqual({ received: 1, disabled: 1 });
    expect(await reasonsOf(m.userId)).toEqual({ reasons: ['bounce'], latest: 'bounce' });
  });

  it('soft bounces older than the window do not count', async () => {
    const m = await newMember();
    await report([bounce(m.email, 'soft')]);
    await report([bounce(m.email, 'soft')]);
    later(SOFT_BOUNCE_WINDOW_MS + 60_000);
    await report([bounce(m.email, 'soft')]);
    expect((await reasonsOf(m.userId)).reasons).toEqual([]);
  });

  it('is off (404) without MAIL_WEBHOOK_SECRET', async () => {
    const off = await buildTestApp();
    try {
      const res = await off.app.inject({ method: 'POST', url: '/webhooks/mail', payload: { events: [] } });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('POST /api/notifications.php?reenable=1', () => {
  const reenable = (cookie: Record<string, string>) => asMember(t.app, cookie).call(notificationsApi.reenableEmail);

  it('needs a logged-in member', async () => {
    expect((await asVisitor(t.app).call(notificationsApi.reenableEmail)).status).toBe(403);
  });

  it('lifts fbl and listunsubscribe at once', async () => {
    const m = await newMember();
    await report([complaint(m.email)]);
    await t.services.database.db
      .update(users)
      .set({ notificationsDisabled: ['fbl', 'listunsubscribe'] })
      .where(eq(users.id, m.userId));
    const res = await reenable(m.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'enabled', notifications_disabled: [] });
    expect(await reasonsOf(m.userId)).toEqual({ reasons: [], latest: null });
  });

  it('after a bounce, only the emailed confirmation (GET asks, POST confirms) lifts it', async () => {
    const m = await newMember();
    await report([bounce(m.email, 'hard'), complaint(m.email)]);
    expect((await reasonsOf(m.userId)).reasons).toEqual(['bounce', 'fbl']);
    const res = await reenable(m.cookie);
    expect(res.body).toEqual({ status: 'confirmation_sent', notifications_disabled: ['bounce'] });
    await t.services.settleJobs();
    const mail = await lastMail(t, m.email);
    expect(mail?.kind).toBe('email_reenable');
    const token = /\/email-reenable\?token=([\w-]+)/.exec(mail!.text)?.[1];
    expect(token).toBeTruthy();
    // Reading the link uses nothing up; the bounce stays until the confirmation.
    expect(await t.services.emailStatus.isReenableLinkLive(token!)).toBe(true);
    expect((await reasonsOf(m.userId)).reasons).toEqual(['bounce']);
    await t.services.emailStatus.confirmReenable(token!);
    expect(await reasonsOf(m.userId)).toEqual({ reasons: [], latest: null });
    // Single use.
    expect(await t.services.emailStatus.isReenableLinkLive(token!)).toBe(false);
    await expect(t.services.emailStatus.confirmReenable(token!)).rejects.toMatchObject({ code: 'link_invalid' });
  });
});
