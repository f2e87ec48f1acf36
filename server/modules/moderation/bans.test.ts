import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi } from '#common/wire/accounts.ts';
import { profilesApi } from '#common/wire/profiles.ts';
import { reportsApi } from '#common/wire/reports.ts';
import { adminModerationApi } from '#common/wire/admin/moderation.ts';
import { auditLog, bannedEmails, bannedSessions, profiles, reports, sessions, users } from '#server/db/schema/index.ts';
import { asStaff, enrolledStaff } from '#server/test/staff-client.ts';
import { sessionsChannel } from '#server/realtime/session-events.ts';
import { activeMember, lastMail, signupForm } from '#server/test/factories.ts';
import { asMember, asVisitor } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const email = `moderator-${Date.now()}@staff.example`;
  STAFF = (await t.services.staff.invite(null, { email, name: 'Mod', role: 'moderator', siteIds: [] })).id;
});
afterAll(async () => {
  await t.close();
});

let STAFF = 0;
const db = () => t.services.database.db;

/** A member reports another; returns the report's id. */
async function reportOf(reporter: { cookie: Record<string, string> }, profileId: number): Promise<number> {
  const res = await asMember(t.app, reporter.cookie).call(reportsApi.report, {
    profile_id: profileId,
    reason: 'harassment',
  });
  expect(res.status).toBe(204);
  const [row] = await db().select({ id: reports.id }).from(reports).where(eq(reports.profileId, profileId));
  return row.id;
}

describe('a report decided with a ban', () => {
  it('logs the member out everywhere at once, refuses login and signup, hides the profile and tells both sides', async () => {
    const anna = await activeMember(t);
    const ben = await activeMember(t, { locale: 'de' });
    await db().update(users).set({ locale: 'de' }).where(eq(users.id, ben.user.id));
    const reportId = await reportOf(anna, ben.user.profile.id);
    const [stored] = await db().select().from(reports).where(eq(reports.id, reportId));
    // The evidence is kept as it was reported.
    expect(stored.snapshot?.name).toBe(ben.form.name);
    expect(stored.siteId).toBe(ben.user.site_id ?? stored.siteId);

    const heard: unknown[] = [];
    const stop = await t.services.realtime.subscribe(sessionsChannel(ben.user.id), (e) => void heard.push(e));
    await t.services.moderation.reportQueue.decide(
      { reportId, action: 'ban', reason: 'harassment', note: 'Insults in several messages.' },
      STAFF,
    );
    await stop();
    expect(heard).toContainEqual({ type: 'sessions_ended' });
    expect(await db().select().from(sessions).where(eq(sessions.userId, ben.user.id))).toHaveLength(0);
    expect(await db().select().from(bannedSessions).where(eq(bannedSessions.userId, ben.user.id))).toHaveLength(1);

    // The browser's next request: the API says why; the ban page is where pages send it.
    const me = await asMember(t.app, ben.cookie).call(profilesApi.mine);
    expect(me.status).toBe(403);
    expect(me.error?.error).toBe('account_banned');

    const login = await asVisitor(t.app).call(accountsApi.login, {
      email: ben.form.email,
      password: ben.form.password,
    });
    expect(login.status).toBe(403);
    expect(login.error?.error).toBe('account_banned');
    // A wrong password still answers like any wrong password: the ban is only told to who knows the password.
    const guess = await asVisitor(t.app).call(accountsApi.login, { email: ben.form.email, password: 'wrong one 123' });
    expect(guess.error?.error).toBe('login_failed');

    const [profile] = await db().select().from(profiles).where(eq(profiles.id, ben.user.profile.id));
    expect(profile.status).toBe('banned');
    const banned = await db().select().from(bannedEmails).where(eq(bannedEmails.email, ben.form.email.toLowerCase()));
    expect(banned).toHaveLength(1);

    const again = await asVisitor(t.app).call(accountsApi.signup, signupForm({ email: ben.form.email.toUpperCase() }));
    expect(again.status).toBe(403);
    expect(again.error?.error).toBe('email_banned');

    const statement = await lastMail(t, ben.form.email);
    expect(statement?.kind).toBe('moderation_decision');
    expect(statement?.text).toContain('Insults in several messages.');
    expect(statement?.text).toContain('Belästigung'); // the reason category, in German
    expect(statement?.text).toContain('/complaints'); // how to appeal
    const outcome = await lastMail(t, anna.form.email);
    expect(outcome?.kind).toBe('report_outcome');
    expect(outcome?.text).not.toContain('Insults');

    const twice = t.services.moderation.reportQueue.decide({ reportId, action: 'dismiss', reason: 'other' }, STAFF);
    await expect(twice).rejects.toMatchObject({ code: 'report_decided' });
  });

  it('shows the ban page once to a banned browser, then treats it as a visitor', async () => {
    const ben = await activeMember(t);
    await t.services.moderation.bans.ban({ userId: ben.user.id, staffId: STAFF, reason: 'spam_scam', note: '' });
    const token = ben.cookie['auth.session'];
    expect(await t.services.accounts.endedByBan(token)).toBe(true);
    expect(await t.services.accounts.endedByBan(token, { take: true })).toBe(true);
    expect(await t.services.accounts.endedByBan(token)).toBe(false);
  });
});

describe('suspensions', () => {
  it('refuses login until the date, then ends by itself at the next login and lists the profile again', async () => {
    const carl = await activeMember(t);
    const until = new Date(Date.now() + 3_600_000);
    await t.services.moderation.bans.suspend({
      userId: carl.user.id,
      staffId: STAFF,
      reason: 'terms_violation',
      note: '',
      until,
    });
    const refused = await asVisitor(t.app).call(accountsApi.login, {
      email: carl.form.email,
      password: carl.form.password,
    });
    expect(refused.status).toBe(403);
    expect(refused.error?.error).toBe('account_suspended');
    const [hidden] = await db().select().from(profiles).where(eq(profiles.id, carl.user.profile.id));
    expect(hidden.status).toBe('suspended');
    // The address may sign up again after a suspension: only a ban keeps it out.
    expect(await db().select().from(bannedEmails).where(eq(bannedEmails.email, carl.form.email))).toHaveLength(0);

    await db()
      .update(users)
      .set({ suspendedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, carl.user.id));
    const back = await asVisitor(t.app).call(accountsApi.login, {
      email: carl.form.email,
      password: carl.form.password,
    });
    expect(back.status).toBe(200);
    const [listed] = await db().select().from(profiles).where(eq(profiles.id, carl.user.profile.id));
    expect(listed.status).toBe('active');
    const [account] = await db().select().from(users).where(eq(users.id, carl.user.id));
    expect(account.suspendedUntil).toBeNull();
  });

  it('refuses a suspension that ends in the past', async () => {
    const dora = await activeMember(t);
    const order = { userId: dora.user.id, staffId: STAFF, reason: 'other' as const, note: '', until: new Date(0) };
    await expect(t.services.moderation.bans.suspend(order)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('lifts a ban: the member may log in and the address may sign up again', async () => {
    const eva = await activeMember(t);
    await t.services.moderation.bans.ban({ userId: eva.user.id, staffId: STAFF, reason: 'other', note: '' });
    await t.services.moderation.bans.lift({ userId: eva.user.id, staffId: STAFF });
    const login = await asVisitor(t.app).call(accountsApi.login, {
      email: eva.form.email,
      password: eva.form.password,
    });
    expect(login.status).toBe(200);
    expect(await db().select().from(bannedEmails).where(eq(bannedEmails.email, eva.form.email))).toHaveLength(0);
  });
});

describe('the console', () => {
  it('a moderator bans through a report: the member is logged out at once and the decision is audited', async () => {
    const mod = await enrolledStaff(t, 'moderator');
    const rep = await activeMember(t);
    const fay = await activeMember(t);
    const reportId = await reportOf(rep, fay.user.profile.id);
    const queue = await asStaff(t.app, mod).call(adminModerationApi.reports, { status: 'open', page: 0 });
    expect(queue.body.rows.map((r) => r.id)).toContain(reportId);
    const evidence = await asStaff(t.app, mod).call(adminModerationApi.report, { reportId });
    expect(evidence.body.report.snapshot?.name).toBe(fay.form.name);
    const res = await asStaff(t.app, mod).call(adminModerationApi.decide, {
      reportId,
      action: 'ban',
      reason: 'harassment',
      note: '',
    });
    expect(res.status).toBe(204);
    expect((await asMember(t.app, fay.cookie).call(profilesApi.mine)).error?.error).toBe('account_banned');
    const audit = await db().select().from(auditLog).where(eq(auditLog.staffId, mod.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['member.ban', 'report.ban']));
  });
});
