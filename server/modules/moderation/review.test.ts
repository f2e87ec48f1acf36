import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photosApi } from '#common/wire/photos.ts';
import { reportsApi } from '#common/wire/reports.ts';
import { complaints, photos, profiles, reports, sites } from '#server/db/schema/index.ts';
import { activeMember, lastMail } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await buildTestApp();
  const email = `moderator-${Date.now()}@staff.example`;
  STAFF = (await t.services.staff.invite(null, { email, name: 'Mod', role: 'moderator', siteIds: [] })).id;
  jpeg = await readFile(path.join(import.meta.dirname, '../../test/fixtures/gps-photo.jpg'));
});
afterAll(async () => {
  await t.close();
});

let STAFF = 0;
const db = () => t.services.database.db;

function multipart(file: Buffer) {
  const boundary = '----moderation-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function setPhotoModeration(mode: 'pre' | 'post') {
  await db().update(sites).set({ photoModeration: mode });
  t.services.sites.invalidate();
}

describe('photo review', () => {
  it('pre-moderation: a new photo waits (owner sees "in review", others nothing), approval makes it live and main', async () => {
    await setPhotoModeration('pre');
    const ann = await activeMember(t);
    const viewer = await activeMember(t);
    const up = await asMember(t.app, ann.cookie).upload(photosApi.upload, multipart(jpeg));
    expect(up.status).toBe(201);
    const [mine] = up.body.photos;
    expect(mine).toMatchObject({ in_review: true, is_main: false });
    const seen = await t.services.profiles.profileView(ann.user.profile.id, '', {
      profileId: viewer.user.profile.id,
      isPremium: true,
    });
    expect(seen?.photos).toHaveLength(0);
    const queue = await t.services.moderation.photoReview.list({ siteIds: null, limit: 50, offset: 0 });
    expect(queue.rows.map((r) => r.id)).toContain(mine.id);

    await t.services.moderation.photoReview.approve(mine.id, STAFF);
    const [row] = await db().select().from(photos).where(eq(photos.id, mine.id));
    expect(row).toMatchObject({ status: 'live', isMain: true });
    expect(row.reviewedAt).not.toBeNull();
    const now = await t.services.profiles.profileView(ann.user.profile.id, '', {
      profileId: viewer.user.profile.id,
      isPremium: true,
    });
    expect(now?.photos).toHaveLength(1);
    expect((await lastMail(t, ann.form.email))?.kind).toBe('photo_approved');
    await setPhotoModeration('post');
  });

  it('post-moderation: live at once and queued; a rejection removes it and sends the statement of reasons', async () => {
    const bo = await activeMember(t);
    const up = await asMember(t.app, bo.cookie).upload(photosApi.upload, multipart(jpeg));
    const [photo] = up.body.photos;
    expect(photo).toMatchObject({ in_review: false, is_main: true });
    await t.services.moderation.photoReview.reject(photo.id, STAFF, {
      reason: 'inappropriate_content',
      note: 'Nudity.',
    });
    expect(await db().select().from(photos).where(eq(photos.id, photo.id))).toHaveLength(0);
    const mail = await lastMail(t, bo.form.email);
    expect(mail?.kind).toBe('moderation_decision');
    expect(mail?.text).toContain('Nudity.');
  });
});

describe('report decisions', () => {
  it('removes the reported photo, hides a profile, dismisses; the queue filters by status and reason', async () => {
    const rep = await activeMember(t);
    const cy = await activeMember(t);
    const up = await asMember(t.app, cy.cookie).upload(photosApi.upload, multipart(jpeg));
    const photoId = up.body.photos[0].id;
    const me = asMember(t.app, rep.cookie);
    await me.call(reportsApi.report, {
      profile_id: cy.user.profile.id,
      photo_id: photoId,
      reason: 'inappropriate_photo',
    });
    await me.call(reportsApi.report, { profile_id: cy.user.profile.id, reason: 'fake_profile' });
    const rows = await db().select().from(reports).where(eq(reports.profileId, cy.user.profile.id));
    const byReason = Object.fromEntries(rows.map((r) => [r.reason, r]));
    expect(byReason.inappropriate_photo.snapshot?.photos.map((p) => p.id)).toContain(photoId);

    const open = await t.services.moderation.reportQueue.list({
      status: 'open',
      reason: 'fake_profile',
      siteIds: null,
      limit: 50,
      offset: 0,
    });
    expect(open.rows.map((r) => r.id)).toContain(byReason.fake_profile.id);
    expect(open.rows.every((r) => r.reason === 'fake_profile')).toBe(true);
    const elsewhere = await t.services.moderation.reportQueue.list({
      status: 'open',
      siteIds: [],
      limit: 50,
      offset: 0,
    });
    expect(elsewhere.total).toBe(0);

    const queue = t.services.moderation.reportQueue;
    const evidence = await queue.evidence(byReason.inappropriate_photo.id);
    expect(evidence?.photo?.id).toBe(photoId);
    await queue.decide(
      { reportId: byReason.inappropriate_photo.id, action: 'remove_photo', reason: 'inappropriate_content' },
      STAFF,
    );
    expect(await db().select().from(photos).where(eq(photos.id, photoId))).toHaveLength(0);
    await queue.decide({ reportId: byReason.fake_profile.id, action: 'hide_profile', reason: 'fake_profile' }, STAFF);
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, cy.user.profile.id));
    expect(profile.status).toBe('hidden');
    const decided = await db().select().from(reports).where(eq(reports.profileId, cy.user.profile.id));
    expect(decided.map((r) => r.status)).toEqual(['decided', 'decided']);
  });

  it('keeps only messages the reported member sent to the reporter', async () => {
    const rep = await activeMember(t);
    const dee = await activeMember(t);
    const res = await asMember(t.app, rep.cookie).call(reportsApi.report, {
      profile_id: dee.user.profile.id,
      reason: 'harassment',
      message_ids: [987_654_321],
    });
    expect(res.status).toBe(400);
  });
});

describe('complaints inbox', () => {
  it('answers a complaint by email in its language and keeps the status', async () => {
    const [site] = await db().select().from(sites).limit(1);
    const [c] = await db()
      .insert(complaints)
      .values({
        siteId: site.id,
        name: 'Jana',
        email: 'jana-inbox@example.com',
        topic: 'billing',
        message: 'Charged twice.',
        locale: 'fr',
      })
      .returning();
    const inbox = t.services.moderation.complaintsInbox;
    const list = await inbox.list({ status: 'open', siteIds: [site.id], limit: 50, offset: 0 });
    expect(list.rows.map((r) => r.id)).toContain(c.id);
    await inbox.reply(c.id, 'We refunded the second charge.', STAFF);
    const [answered] = await db().select().from(complaints).where(eq(complaints.id, c.id));
    expect(answered).toMatchObject({ status: 'answered', reply: 'We refunded the second charge.', repliedBy: STAFF });
    const mail = await lastMail(t, 'jana-inbox@example.com');
    expect(mail?.kind).toBe('complaint_reply');
    expect(mail?.subject).toContain('réclamation');
    await inbox.setStatus(c.id, 'closed', STAFF);
    expect((await inbox.get(c.id))?.status).toBe('closed');
  });

  it("answers a member's complaint at their account's address, whatever address the form carried", async () => {
    const anna = await activeMember(t);
    const typed = `typed-${Date.now()}@example.com`;
    const form = {
      name: 'Anna',
      email: typed,
      topic: 'account' as const,
      message: 'Please look at my account settings.',
    };
    const sent = await asMember(t.app, anna.cookie).call(reportsApi.complaint, form);
    expect(sent.status).toBe(201);
    const [row] = await db().select().from(complaints).where(eq(complaints.id, sent.body.id));
    expect(row).toMatchObject({ userId: anna.user.id, email: typed });
    await t.services.moderation.complaintsInbox.reply(row.id, 'Your settings are fixed.', STAFF);
    const mail = await lastMail(t, String(anna.form.email));
    expect(mail?.kind).toBe('complaint_reply');
    expect(mail?.text).toContain('Your settings are fixed.');
    expect(await lastMail(t, typed)).toBeUndefined();
  });
});
