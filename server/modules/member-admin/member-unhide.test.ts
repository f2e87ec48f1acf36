import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMembersApi } from '#common/wire/admin/members.ts';
import { adminModerationApi } from '#common/wire/admin/moderation.ts';
import { reportsApi } from '#common/wire/reports.ts';
import { auditLog, profiles, reports } from '#server/db/schema/index.ts';
import { asMember } from '#server/test/member-client.ts';
import { activeMember } from '#server/test/factories.ts';
import { asStaff, enrolledStaff, type TTestStaff } from '#server/test/staff-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
let moderator: TTestStaff;
beforeAll(async () => {
  t = await buildTestApp();
  moderator = await enrolledStaff(t, 'moderator');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.services.database.db;
const profileStatus = async (profileId: number) =>
  (await db().select({ status: profiles.status }).from(profiles).where(eq(profiles.id, profileId)))[0].status;

/** A member whose profile a moderator hid by deciding a report `hide_profile` through the console. */
async function hiddenMember() {
  const target = await activeMember(t, { gender: 'male', lookingFor: 'female' });
  const reporter = await activeMember(t);
  const profileId = target.user.profile.id;
  const sent = await asMember(t.app, reporter.cookie).call(reportsApi.report, {
    profile_id: profileId,
    reason: 'spam_scam',
  });
  expect(sent.status).toBeLessThan(300);
  const [report] = await db().select({ id: reports.id }).from(reports).where(eq(reports.profileId, profileId));
  const decided = await asStaff(t.app, moderator).call(adminModerationApi.decide, {
    reportId: report.id,
    action: 'hide_profile',
    reason: 'spam_scam',
  });
  expect(decided.status).toBe(204);
  expect(await profileStatus(profileId)).toBe('hidden');
  return { userId: target.user.id, profileId };
}

describe('showing a hidden profile again (console)', () => {
  it('a moderator shows a profile a report decision hid; the member page says so and the audit log has it', async () => {
    const { userId, profileId } = await hiddenMember();
    const staff = asStaff(t.app, moderator);
    const before = await staff.call(adminMembersApi.file, { userId });
    expect(before.body.account.profile.status).toBe('hidden');

    const res = await staff.call(adminMembersApi.unhideProfile, { userId });
    expect(res.status).toBe(204);
    expect(await profileStatus(profileId)).toBe('active');
    const after = await staff.call(adminMembersApi.file, { userId });
    expect(after.body.account.profile.status).toBe('active');
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.unhide'), eq(auditLog.userId, userId)));
    expect(entry).toMatchObject({
      staffId: moderator.id,
      subject: `profile:${profileId}`,
      before: { profileStatus: 'hidden' },
      after: { profileStatus: 'active' },
    });

    // Nothing to undo a second time.
    const again = await staff.call(adminMembersApi.unhideProfile, { userId });
    expect(again.status).toBe(400);
  });

  it('leaves a banned member’s hidden profile hidden (the ban is lifted its own way)', async () => {
    const { userId, profileId } = await hiddenMember();
    const staff = asStaff(t.app, moderator);
    expect((await staff.call(adminModerationApi.ban, { userId, reason: 'spam_scam' })).status).toBe(204);
    const res = await staff.call(adminMembersApi.unhideProfile, { userId });
    expect(res.status).toBe(400);
    expect(await profileStatus(profileId)).toBe('hidden');
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.unhide'), eq(auditLog.userId, userId)));
    expect(audited).toHaveLength(0);
  });

  it('support may not do it', async () => {
    const { userId, profileId } = await hiddenMember();
    const support = await enrolledStaff(t, 'support');
    expect((await asStaff(t.app, support).call(adminMembersApi.unhideProfile, { userId })).status).toBe(403);
    expect(await profileStatus(profileId)).toBe('hidden');
  });
});
