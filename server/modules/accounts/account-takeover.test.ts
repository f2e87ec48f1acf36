import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEndpoint, TEndpointInput } from '#common/endpoint.ts';
import { accountChangesApi, accountsApi } from '#common/wire/accounts.ts';
import { accountTokens, jobs, sessions, users } from '#server/db/schema/index.ts';
import { createRateLimiter, OPERATION_LIMITS } from '#server/lib/rate-limit.ts';

/** Emails one inbox may be sent in its window, across signup, email change, reset and reactivation. */
const INBOX_MAX = OPERATION_LIMITS.inbox_email[0].max;
import { hashToken } from '#server/lib/tokens.ts';
import { buildMember, CLIENT, lastMail, linkIn, signupForm } from '#server/test/factories.ts';
import { asMember, asVisitor, type TMemberAnswer } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

// Email and password changes cannot take an account over, and who is a member never leaks.

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type TCookie = Record<string, string>;
/** The logged-in member's account (403 once the session has ended). */
const current = (cookie: TCookie) => asMember(t.app, cookie).call(accountsApi.current);
const requestMailChange = (cookie: TCookie, email: string, password: string) =>
  asMember(t.app, cookie).call(accountChangesApi.requestMailChange, { email, password });
const requestReset = (email: string) => asVisitor(t.app).call(accountChangesApi.requestPasswordReset, { email });
const resetPassword = (input: TEndpointInput<typeof accountChangesApi.resetPassword>) =>
  asVisitor(t.app).call(accountChangesApi.resetPassword, input);
const site = () => t.services.sites.resolve('localhost');
const ORIGIN = 'http://localhost';
const STRONG = 'Velvet harbour quince 42';
const db = () => t.services.database.db;
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];
const sessionsOf = async (id: number) => db().select().from(sessions).where(eq(sessions.userId, id));
/** Every email sent to an address (dev mailbox), newest first. */
const mailsTo = async (to: string) =>
  (await t.app.inject({ url: `/dev/mailbox.json?to=${encodeURIComponent(to)}` })).json() as {
    kind: string;
    subject: string;
    text: string;
  }[];
const cookieOf = (res: { cookies: { name: string; value: string }[] }) => ({
  'auth.session': res.cookies.find((c) => c.name === 'auth.session')!.value,
});
/** Logs the member in again: another device with its own session. */
const secondSession = async (email: string, password: string) =>
  cookieOf(await asVisitor(t.app).call(accountsApi.login, { email, password }));
/** The answer as a client sees it: status, body and headers but what differs on every request (date, id, nonce). */
const answer = (res: TMemberAnswer<TEndpoint>) => {
  const { date: _date, 'x-request-id': _id, ...headers } = res.headers;
  const csp = String(headers['content-security-policy'] ?? '').replace(/'nonce-[^']*'/, "'nonce'");
  return { status: res.status, body: res.body, headers: { ...headers, 'content-security-policy': csp } };
};

describe('email change needs the current password', () => {
  it('refuses a missing or wrong password: nothing is sent and nothing changes', async () => {
    const m = await buildMember(t);
    const target = `wanted-${Date.now()}@example.com`;
    // Without a password: a body the typed client cannot send.
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/mail-change.php',
      headers: CLIENT,
      cookies: m.cookie,
      payload: { email: target },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('invalid_request');
    const wrong = await requestMailChange(m.cookie, target, 'not my password');
    expect(wrong.status).toBe(400);
    expect(wrong.error?.error).toBe('old_password_wrong');
    await t.services.settleJobs();
    expect(await mailsTo(target)).toEqual([]);
    const tokens = await db()
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, m.user.id), eq(accountTokens.kind, 'mail_change')));
    expect(tokens).toEqual([]);
    expect((await userRow(m.user.id)).email).toBe(m.form.email);
  });

  it('answers a taken address exactly like a free one and sends nothing to it', async () => {
    const a = await buildMember(t);
    const b = await buildMember(t);
    const before = (await mailsTo(b.form.email as string)).length;
    const free = await requestMailChange(a.cookie, `free-${Date.now()}@example.com`, a.form.password);
    const taken = await requestMailChange(a.cookie, b.form.email, a.form.password);
    expect(answer(taken)).toEqual(answer(free));
    expect(taken.status).toBe(204);
    await t.services.settleJobs();
    expect((await mailsTo(b.form.email as string)).length).toBe(before);
    expect((await userRow(a.user.id)).email).toBe(a.form.email);
    expect((await userRow(b.user.id)).email).toBe(b.form.email);
  });
});

describe('a confirmed email change', () => {
  /** A member who asked for a new address; returns the link the new address received. */
  async function moved() {
    const m = await buildMember(t);
    const other = await secondSession(m.form.email, m.form.password);
    const target = `moved-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const res = await requestMailChange(m.cookie, target, m.form.password);
    expect(res.status).toBe(204);
    const link = linkIn((await lastMail(t, target))!.text);
    return { ...m, other, target, link };
  }

  it('ends the other sessions, keeps the confirming browser’s own, and tells the old address at once with an undo link', async () => {
    const m = await moved();
    const keep = m.cookie['auth.session'];
    await t.services.accountChanges.confirmEmailChange({
      site: await site(),
      origin: ORIGIN,
      token: m.link.searchParams.get('token')!,
      currentSessionToken: keep,
    });
    expect((await userRow(m.user.id)).email).toBe(m.target);
    expect((await current(m.other)).status).toBe(403);
    expect((await current(m.cookie)).status).toBe(200);
    expect((await sessionsOf(m.user.id)).map((s) => s.id)).toEqual([hashToken(keep)]);

    const [told] = await mailsTo(m.form.email as string);
    expect(told.kind).toBe('email_changed');
    expect(told.text).toContain(m.target);
    const undo = linkIn(told.text);
    expect(undo.pathname).toBe('/mail-change/undo');
    const [token] = await db()
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashToken(undo.searchParams.get('token')!)));
    expect(token).toMatchObject({ kind: 'mail_undo', usedAt: null, data: { email: m.form.email } });
    expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBe(7 * 86_400_000);
  });

  it('confirmed from a browser without a session of the account, it ends every session', async () => {
    const m = await moved();
    await t.services.accountChanges.confirmEmailChange({
      site: await site(),
      origin: ORIGIN,
      token: m.link.searchParams.get('token')!,
    });
    expect(await sessionsOf(m.user.id)).toEqual([]);
    expect((await current(m.cookie)).status).toBe(403);
  });

  it('the undo link restores the old address, ends every session and kills the links the intruder asked for', async () => {
    const m = await moved();
    await t.services.accountChanges.confirmEmailChange({
      site: await site(),
      origin: ORIGIN,
      token: m.link.searchParams.get('token')!,
      currentSessionToken: m.cookie['auth.session'],
    });
    // The intruder, now owning the address, asks for a reset link and another email change.
    await requestReset(m.target);
    await requestMailChange(m.cookie, `again-${m.target}`, m.form.password);
    await t.services.runJobs();
    await t.services.settleJobs();
    const intruderReset = linkIn((await mailsTo(m.target)).find((x) => x.kind === 'reset')!.text);
    const intruderMove = linkIn((await lastMail(t, `again-${m.target}`))!.text);
    const fresh = await secondSession(m.target, m.form.password);

    const undo = linkIn((await mailsTo(m.form.email as string)).find((x) => x.kind === 'email_changed')!.text);
    const token = undo.searchParams.get('token')!;
    expect(await t.services.accountChanges.pendingEmailUndo(token)).toBe(m.form.email);
    // Reading the link (what its page's GET does) uses nothing up and changes nothing.
    expect(await t.services.accountChanges.pendingEmailUndo(token)).toBe(m.form.email);
    expect((await userRow(m.user.id)).email).toBe(m.target);

    expect(await t.services.accountChanges.undoEmailChange(token)).toBe(m.user.id);
    expect((await userRow(m.user.id)).email).toBe(m.form.email);
    expect(await sessionsOf(m.user.id)).toEqual([]);
    expect((await current(fresh)).status).toBe(403);
    expect((await current(m.cookie)).status).toBe(403);
    const resetDo = await resetPassword({
      token: intruderReset.searchParams.get('token')!,
      password: STRONG,
      password_confirmation: STRONG,
    });
    expect(resetDo.error?.error).toBe('link_invalid');
    await expect(
      t.services.accountChanges.confirmEmailChange({
        site: await site(),
        origin: ORIGIN,
        token: intruderMove.searchParams.get('token')!,
      }),
    ).rejects.toMatchObject({ code: 'link_invalid' });
    await expect(t.services.accountChanges.undoEmailChange(token)).rejects.toMatchObject({ code: 'link_invalid' });
    expect((await userRow(m.user.id)).email).toBe(m.form.email);
    const login = await asVisitor(t.app).call(accountsApi.login, {
      email: m.form.email,
      password: m.form.password,
    });
    expect(login.status).toBe(200);
  });
});

describe('"your password was changed" emails', () => {
  it('after a password change and after a reset, with the way to a new reset', async () => {
    const m = await buildMember(t);
    const email = m.form.email as string;
    const changed = await asMember(t.app, m.cookie).call(accountChangesApi.changePassword, {
      old_password: m.form.password,
      password: STRONG,
      password_confirmation: STRONG,
    });
    expect(changed.status).toBe(204);
    const [first] = await mailsTo(email);
    expect(first.kind).toBe('password_changed');
    expect(linkIn(first.text).pathname).toBe('/reset-password');
    expect(first.text).not.toMatch(/valid for/);

    await requestReset(email);
    await t.services.runJobs();
    await t.services.settleJobs();
    const reset = linkIn((await mailsTo(email)).find((x) => x.kind === 'reset')!.text);
    const done = await resetPassword({
      token: reset.searchParams.get('token')!,
      password: `${STRONG}!`,
      password_confirmation: `${STRONG}!`,
    });
    expect(done.status).toBe(200);
    const kinds = (await mailsTo(email)).map((x) => x.kind);
    expect(kinds.filter((k) => k === 'password_changed')).toHaveLength(2);
    expect(kinds[0]).toBe('password_changed');
  });
});

describe('password reset answers the same for known and unknown addresses', () => {
  /** Median of a list of numbers. */
  const median = (xs: number[]) => {
    const s = [...xs].sort((x, y) => x - y);
    return (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2;
  };

  it('same status, body and headers, the same time (median of 30 each), and an email only for the account', async () => {
    const members = await Promise.all([1, 2, 3].map(() => buildMember(t)));
    const known = members.map((m) => m.form.email as string);
    const unknown = [1, 2, 3].map((i) => `nobody-${i}-${Date.now()}@example.com`);
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await requestReset(email);
      const ms = performance.now() - started;
      // The job loop runs the job the request queued; here at once, so the next round starts from the same state.
      await t.services.runJobs();
      await t.services.settleJobs();
      return { ms, res };
    };
    // Warm-up of both paths, then alternate so load changes hit both alike.
    for (let i = 0; i < 3; i++) {
      await timed(known[0]);
      await timed(unknown[0]);
    }
    const times = { known: [] as number[], unknown: [] as number[], diff: [] as number[] };
    let first: { known?: ReturnType<typeof answer>; unknown?: ReturnType<typeof answer> } = {};
    for (let i = 0; i < 30; i++) {
      // Each path goes first every other round, so nothing that follows one of them systematically slows the other.
      const order = i % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      const got: Partial<Record<(typeof order)[number], Awaited<ReturnType<typeof timed>>>> = {};
      for (const which of order) got[which] = await timed((which === 'known' ? known : unknown)[i % 3]);
      const [k, u] = [got.known!, got.unknown!];
      times.known.push(k.ms);
      times.unknown.push(u.ms);
      times.diff.push(k.ms - u.ms);
      first = { known: first.known ?? answer(k.res), unknown: first.unknown ?? answer(u.res) };
      expect(answer(k.res)).toEqual(answer(u.res));
    }
    expect(first.known?.status).toBe(204);
    // The median of the paired differences: a slow moment of a loaded machine hits both requests of a round alike.
    const [mk, mu, md] = [median(times.known), median(times.unknown), median(times.diff)];
    expect(
      Math.abs(md),
      `known ${mk.toFixed(2)} ms, unknown ${mu.toFixed(2)} ms, paired ${md.toFixed(2)} ms`,
    ).toBeLessThan(Math.max(1, 0.2 * Math.min(mk, mu)));
    expect((await mailsTo(known[0])).some((x) => x.kind === 'reset')).toBe(true);
    for (const address of unknown) expect(await mailsTo(address)).toEqual([]);
    // The queued request keeps no address once it ran.
    const requests = await db().select().from(jobs).where(eq(jobs.kind, 'password_reset_request'));
    expect(requests.length).toBeGreaterThan(60);
    expect(requests.every((j) => j.doneAt !== null && JSON.stringify(j.payload) === '{}')).toBe(true);
  });

  it('refuses only a malformed address (that can be nobody’s)', async () => {
    const res = await requestReset('not an address');
    expect(res.status).toBe(400);
    expect(res.error?.error).toBe('invalid_request');
  });
});

describe('a reactivation link request answers the same for every address', () => {
  it('204 with the same answer for a deleted, an active and an unknown address; only the deleted account gets a link', async () => {
    const [deleted, active] = await Promise.all([buildMember(t), buildMember(t)]);
    const del = await asMember(t.app, deleted.cookie).call(accountChangesApi.deleteAccount, {
      password: deleted.form.password,
      reason: 'found_partner',
    });
    expect(del.status).toBe(204);
    await t.services.settleJobs();
    const addresses = [deleted.form.email as string, active.form.email as string, `nobody-${Date.now()}@example.com`];
    const answers = [];
    for (const email of addresses) {
      answers.push(answer(await asVisitor(t.app).call(accountChangesApi.requestReactivation, { email })));
      await t.services.runJobs();
      await t.services.settleJobs();
    }
    expect(answers[0].status).toBe(204);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect((await mailsTo(addresses[0])).filter((x) => x.kind === 'reactivation').length).toBeGreaterThan(0);
    expect((await mailsTo(addresses[1])).some((x) => x.kind === 'reactivation')).toBe(false);
    expect(await mailsTo(addresses[2])).toEqual([]);
    const requests = await db().select().from(jobs).where(eq(jobs.kind, 'reactivation_request'));
    expect(requests.every((j) => j.doneAt !== null && JSON.stringify(j.payload) === '{}')).toBe(true);
  });
});

describe('limits per target address and per process', () => {
  let limited: TTestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ env: { RATE_LIMITS: 'true' } });
  });
  afterAll(async () => {
    await limited.close();
  });
  let ip = 0;
  /** A request from a fresh IP each time: the per-IP budgets never apply. */
  const fromNewIp = () => ({ remoteAddress: `10.23.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });
  const requestLimitedReset = (email: string) =>
    asVisitor(limited.app).call(accountChangesApi.requestPasswordReset, { email }, fromNewIp());

  it(`password reset: ${INBOX_MAX} an hour per address, whatever the IPs, known or not`, async () => {
    for (const email of ['victim-reset@example.com', `  VICTIM-RESET@example.com `]) {
      const max = INBOX_MAX;
      const statuses: number[] = [];
      for (let i = 0; i < max; i++) statuses.push((await requestLimitedReset(email)).status);
      const over = await requestLimitedReset(email);
      if (email.startsWith('victim')) {
        expect(statuses).toEqual(Array(max).fill(204));
        expect(over.status).toBe(429);
      } else {
        // The same address written otherwise is the same target: already spent.
        expect(statuses).toEqual(Array(max).fill(429));
      }
      expect(over.error?.error).toBe('rate_limited');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await requestLimitedReset('someone-else@example.com')).status).toBe(204);
    await limited.services.settleJobs();
  });

  it(`signup: ${INBOX_MAX} an hour per address, whatever the IPs`, async () => {
    const form = signupForm();
    const statuses: number[] = [];
    for (let i = 0; i <= INBOX_MAX; i++) {
      statuses.push((await asVisitor(limited.app).call(accountsApi.signup, { ...form }, fromNewIp())).status);
    }
    // The first creates the account, the next ones are answered alike (the owner is emailed), then the address is spent.
    expect(statuses).toEqual([...Array(INBOX_MAX).fill(200), 429]);
  });

  it(`email change: ${INBOX_MAX} an hour per new address, whatever the IPs and accounts`, async () => {
    const target = `coveted-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i <= INBOX_MAX; i++) {
      const m = await buildMember(limited);
      statuses.push(
        (
          await asMember(limited.app, m.cookie).call(
            accountChangesApi.requestMailChange,
            { email: target, password: m.form.password },
            fromNewIp(),
          )
        ).status,
      );
    }
    expect(statuses).toEqual([...Array(INBOX_MAX).fill(204), 429]);
    await limited.services.settleJobs();
  });

  it('a site-wide cap per operation, however many addresses and IPs', async () => {
    let at = 0;
    const limiter = createRateLimiter({ enabled: true, now: () => at });
    const [{ max, windowMs }] = OPERATION_LIMITS.target_global;
    for (let i = 0; i < max; i++) await limiter.consumeTarget('password_reset_email', `someone-${i}@example.com`);
    await expect(limiter.consumeTarget('password_reset_email', 'fresh@example.com')).rejects.toMatchObject({
      code: 'rate_limited',
    });
    // Other operations have their own cap; the cap opens again with the next window.
    await expect(limiter.consumeTarget('mail_change', 'fresh2@example.com')).resolves.toBeUndefined();
    at += windowMs;
    await expect(limiter.consumeTarget('password_reset_email', 'fresh3@example.com')).resolves.toBeUndefined();
  });
});
