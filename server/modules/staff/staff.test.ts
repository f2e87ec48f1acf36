import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_COOKIE, STAFF_IDLE_MS } from '#common/staff.ts';
import { adminStaffApi } from '#common/wire/admin/staff.ts';
import { auditLog, staff, staffSessions } from '#server/db/schema/index.ts';
import { activeMember } from '#server/test/factories.ts';
import { asMember, asVisitor } from '#server/test/member-client.ts';
import { asStaff, enrolledStaff, STAFF_PASSWORD, totpCode } from '#server/test/staff-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
let clock = new Date('2026-11-02T09:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const login = (email: string, password = STAFF_PASSWORD, ip = '203.0.113.9') =>
  asVisitor(t.app).call(adminStaffApi.login, { email, password }, { remoteAddress: ip });

describe('console login', () => {
  it('enrols from the one-time link: password, authenticator (QR), recovery codes, then a strict cookie', async () => {
    const { enrolToken } = await t.services.staff.invite(null, {
      email: 'Owner.One@Example.com',
      name: 'Olga Owner',
      role: 'owner',
      siteIds: [],
    });
    const client = asVisitor(t.app);
    // Opening the link changes nothing: it only says who it is for.
    const who = await client.call(adminStaffApi.enrolment, { token: enrolToken });
    expect(who.body).toEqual({ email: 'owner.one@example.com', name: 'Olga Owner', role: 'owner' });
    const weak = await client.call(adminStaffApi.enrol, { token: enrolToken, password: 'password12345' });
    expect(weak.status).toBe(400);
    const step = await client.call(adminStaffApi.enrol, { token: enrolToken, password: STAFF_PASSWORD });
    expect(step.status).toBe(200);
    if (step.body.step !== 'enrol') throw new Error('expected the authenticator step');
    expect(step.body.qrSvg).toContain('<svg');
    expect(step.body.otpauthUrl).toContain(`secret=${step.body.secret}`);
    // The link is used up.
    expect((await client.call(adminStaffApi.enrolment, { token: enrolToken })).status).toBe(400);
    const wrong = await client.call(adminStaffApi.verify, { ticket: step.body.ticket, code: '000000' });
    expect(wrong.error?.error).toBe('code_invalid');
    const ok = await client.call(adminStaffApi.verify, {
      ticket: step.body.ticket,
      code: await totpCode(t, step.body.secret),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.recoveryCodes).toHaveLength(10);
    expect(ok.body.staff).toMatchObject({ role: 'owner', siteIds: null, email: 'owner.one@example.com' });
    const cookie = ok.headers['set-cookie'];
    expect(String(cookie)).toMatch(/amora_staff=.+HttpOnly.*SameSite=Strict/i);
    const [row] = await t.services.database.db.select().from(staff).where(eq(staff.email, 'owner.one@example.com'));
    expect(row.status).toBe('active');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('logs in with password then the current code; a code is accepted once; recovery codes work once', async () => {
    const owner = await enrolledStaff(t, 'support');
    tick(60_000);
    const first = await login(owner.email);
    if (first.body.step !== 'code') throw new Error('expected the code step');
    const code = await totpCode(t, owner.secret);
    const ok = await asVisitor(t.app).call(adminStaffApi.verify, { ticket: first.body.ticket, code });
    expect(ok.status).toBe(200);
    // The same code again (a replay within its 30 s) is refused.
    const second = await login(owner.email);
    if (second.body.step !== 'code') throw new Error('expected the code step');
    const replay = await asVisitor(t.app).call(adminStaffApi.verify, { ticket: second.body.ticket, code });
    expect(replay.error?.error).toBe('code_invalid');
    const recovery = owner.recoveryCodes[0];
    const viaRecovery = await asVisitor(t.app).call(adminStaffApi.verify, {
      ticket: second.body.ticket,
      code: recovery.toUpperCase(),
    });
    expect(viaRecovery.status).toBe(200);
    const third = await login(owner.email);
    if (third.body.step !== 'code') throw new Error('expected the code step');
    const again = await asVisitor(t.app).call(adminStaffApi.verify, { ticket: third.body.ticket, code: recovery });
    expect(again.error?.error).toBe('code_invalid');
  });

  it('answers unknown email and wrong password alike, and locks out after 5 failures', async () => {
    const member = await enrolledStaff(t, 'host');
    const unknown = await login('nobody@staff.example');
    const wrong = await login(member.email, 'not-the-password-at-all');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.error?.error).toBe(wrong.error?.error);
    for (let i = 0; i < 4; i++) await login(member.email, 'still-wrong-password', `198.51.100.${i}`);
    const blocked = await login(member.email, STAFF_PASSWORD, '198.51.100.77');
    expect(blocked.status).toBe(429);
    expect(blocked.error?.error).toBe('login_blocked');
    tick(16 * 60_000);
    expect((await login(member.email)).status).toBe(200);
  });

  it('ends a session after 12 hours without a request, and at once when the owner disables the account', async () => {
    const support = await enrolledStaff(t, 'support');
    expect((await asStaff(t.app, support).call(adminStaffApi.me)).status).toBe(200);
    tick(STAFF_IDLE_MS - 120_000);
    expect((await asStaff(t.app, support).call(adminStaffApi.me)).status).toBe(200);
    tick(STAFF_IDLE_MS + 1000);
    expect((await asStaff(t.app, support).call(adminStaffApi.me)).status).toBe(403);
    const again = await enrolledStaffLogin(support);
    expect((await asMember(t.app, again).call(adminStaffApi.me)).status).toBe(200);
    const owner = await enrolledStaff(t, 'owner');
    const disable = await asStaff(t.app, owner).call(adminStaffApi.update, {
      staffId: support.id,
      role: 'support',
      siteIds: [],
      status: 'disabled',
    });
    expect(disable.status).toBe(204);
    expect((await asMember(t.app, again).call(adminStaffApi.me)).status).toBe(403);
    const sessions = await t.services.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.staffId, support.id));
    expect(sessions).toHaveLength(0);
    expect((await login(support.email)).status).toBe(401);
    const [entry] = await t.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `staff:${support.id}`))
      .orderBy(auditLog.id);
    expect(entry).toBeDefined();
    const log = await asStaff(t.app, owner).call(adminStaffApi.audit, { action: 'staff.update' });
    expect(log.body.entries[0]).toMatchObject({
      staffId: owner.id,
      subject: `staff:${support.id}`,
      before: { status: 'active' },
      after: { status: 'disabled' },
    });
  });

  it('keeps the last owner: an owner cannot demote or disable the only active owner', async () => {
    const { services } = t;
    const owners = (await services.staff.list()).filter((s) => s.role === 'owner' && s.status === 'active');
    const lone = await enrolledStaff(t, 'owner');
    for (const o of owners)
      await services.database.db.update(staff).set({ status: 'disabled' }).where(eq(staff.id, o.id));
    const demote = await asStaff(t.app, lone).call(adminStaffApi.update, {
      staffId: lone.id,
      role: 'admin',
      siteIds: [],
      status: 'active',
    });
    expect(demote.status).toBe(403);
  });

  it('gives members and visitors no console, whatever their member session', async () => {
    const member = await activeMember(t);
    expect((await asMember(t.app, member.cookie).call(adminStaffApi.me)).status).toBe(403);
    const forged = { [STAFF_COOKIE]: member.cookie['auth.session'] };
    expect((await asMember(t.app, forged).call(adminStaffApi.me)).status).toBe(403);
  });
});

/** Logs an enrolled staff member in again (password + a fresh code) and returns the new cookie. */
async function enrolledStaffLogin(member: { email: string; secret: string }) {
  tick(30_000);
  const step = await login(member.email);
  if (step.body.step !== 'code') throw new Error('expected the code step');
  const ok = await asVisitor(t.app).call(adminStaffApi.verify, {
    ticket: step.body.ticket,
    code: await totpCode(t, member.secret),
  });
  const token = ok.cookies.find((c) => c.name === STAFF_COOKIE)?.value ?? '';
  return { [STAFF_COOKIE]: token };
}

describe('console rate limits', () => {
  it('limits the login steps per address (20 in 15 minutes), whatever the account', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMITS: 'true' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await asVisitor(limited.app).call(
          adminStaffApi.login,
          { email: `guess-${i}@staff.example`, password: 'guessing-the-password' },
          { remoteAddress: '192.0.2.44' },
        );
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
      const other = await asVisitor(limited.app).call(
        adminStaffApi.login,
        { email: 'guess@staff.example', password: 'guessing-the-password' },
        { remoteAddress: '192.0.2.45' },
      );
      expect(other.status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
