import { and, eq } from 'drizzle-orm';
import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffActor } from '#common/staff.ts';
import { chatApi } from '#common/wire/chat.ts';
import { auditLog } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { activeMember } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { buildStaff, fictionalFields, siteIds, testImage } from '#server/test/hosts-fixtures.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
let sitesOf: { home: number; other: number };
let admin: TStaffActor;
let otherSiteAdmin: TStaffActor;

beforeAll(async () => {
  t = await buildTestApp();
  sitesOf = await siteIds(t);
  admin = await buildStaff(t, 'admin', [sitesOf.home]);
  otherSiteAdmin = await buildStaff(t, 'admin', [sitesOf.other]);
});
afterAll(async () => {
  await t.close();
});

const profiles = () => t.services.fictionalProfiles;
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );
const auditOf = (action: string, profileId: number) =>
  t.services.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subject, `profile:${profileId}`)));

describe('fictional profiles in the console (issue 30)', () => {
  it('creates a profile on a site that members see, labelled fictional, and can write to', async () => {
    const created = await profiles().create(admin, { ...fictionalFields({ name: 'Romy' }), siteId: sitesOf.home });
    expect(created).toMatchObject({ siteId: sitesOf.home, hidden: false, name: 'Romy', city: 'Amsterdam', photos: [] });
    expect(created.niches).toEqual([1]);
    expect(await auditOf('host.profile_create', created.id)).toMatchObject([{ staffId: admin.id }]);

    const member = await activeMember(t);
    const view = await t.services.profiles.viewProfile(
      { profileId: member.user.profile.id, isPremium: false },
      created.id,
      { cdnPrefix: '', locale: 'en' },
    );
    expect(view).toMatchObject({ kind: 'visible', profile: { is_fictional: true, name: 'Romy' } });

    const list = await profiles().list(admin, { page: 1 });
    expect(list.items.find((p) => p.id === created.id)).toMatchObject({ name: 'Romy', hidden: false, waiting: 0 });
    expect((await profiles().list(admin, { q: 'rom', page: 1 })).items.map((p) => p.id)).toContain(created.id);
  });

  it('edits the attributes and texts, with the change before and after in the audit log', async () => {
    const { id } = await profiles().create(admin, { ...fictionalFields(), siteId: sitesOf.home });
    const edited = await profiles().update(admin, {
      ...fictionalFields({ about_me: 'New text', city: 'Haarlem', interests: ['wine'] }),
      profileId: id,
    });
    expect(edited).toMatchObject({ about_me: 'New text', city: 'Haarlem', interests: ['wine'] });
    const [entry] = await auditOf('host.profile_update', id);
    expect(entry).toMatchObject({
      before: { about_me: 'I like long walks and good coffee.' },
      after: { about_me: 'New text' },
    });
    expect(await refusal(profiles().update(admin, { ...fictionalFields({ region_code: 'XX' }), profileId: id }))).toBe(
      'invalid_request',
    );
    expect(
      await refusal(profiles().update(admin, { ...fictionalFields({ birth_date: '2015-01-01' }), profileId: id })),
    ).toBe('date_of_birth_invalid');
  });

  it('hides a profile: members can no longer write to it; shown again, they can', async () => {
    const { id } = await profiles().create(admin, { ...fictionalFields(), siteId: sitesOf.home });
    expect((await profiles().hide(admin, { profileId: id, hidden: true })).hidden).toBe(true);
    const member = await activeMember(t, {}, { credits: 30 });
    const refused = await asMember(t.app, member.cookie).call(chatApi.send, { profile_id: id, text: 'Hi' });
    expect(refused.status).toBe(404);
    await profiles().hide(admin, { profileId: id, hidden: false });
    const sent = await asMember(t.app, member.cookie).call(chatApi.send, { profile_id: id, text: 'Hi' });
    expect(sent.status).toBe(200);
    expect(await auditOf('host.profile_hide', id)).toHaveLength(1);
  });

  it("processes photos like members' photos: variants, no metadata, main photo, delete", async () => {
    const { id } = await profiles().create(admin, { ...fictionalFields(), siteId: sitesOf.home });
    const first = await profiles().uploadPhoto(admin, id, await testImage());
    const second = await profiles().uploadPhoto(admin, id, await testImage());
    expect(second.photos).toHaveLength(2);
    expect(first.photos[0]).toMatchObject({ isMain: true });
    const served = await t.app.inject({ method: 'GET', url: second.photos[1].filename });
    expect(served.statusCode).toBe(200);
    expect(await exifr.parse(served.rawPayload).catch(() => undefined)).toBeUndefined();
    const main = await profiles().changePhoto(admin, { profileId: id, photoId: second.photos[1].id, action: 'main' });
    expect(main.photos[0]).toMatchObject({ id: second.photos[1].id, isMain: true });
    const removed = await profiles().changePhoto(admin, {
      profileId: id,
      photoId: first.photos[0].id,
      action: 'remove',
    });
    expect(removed.photos.map((p) => p.id)).toEqual([second.photos[1].id]);
    expect(await auditOf('host.photo_add', id)).toHaveLength(2);
  });

  it("refuses staff of another site, and never edits a member's profile", async () => {
    const { id } = await profiles().create(admin, { ...fictionalFields(), siteId: sitesOf.home });
    expect(await refusal(profiles().get(otherSiteAdmin, id))).toBe('forbidden');
    expect(await refusal(profiles().update(otherSiteAdmin, { ...fictionalFields(), profileId: id }))).toBe('forbidden');
    expect(await refusal(profiles().hide(otherSiteAdmin, { profileId: id, hidden: true }))).toBe('forbidden');
    expect(await refusal(profiles().uploadPhoto(otherSiteAdmin, id, await testImage()))).toBe('forbidden');
    expect(await refusal(profiles().create(otherSiteAdmin, { ...fictionalFields(), siteId: sitesOf.home }))).toBe(
      'forbidden',
    );
    expect((await profiles().list(otherSiteAdmin, { page: 1 })).items.map((p) => p.id)).not.toContain(id);
    const member = await activeMember(t);
    expect(await refusal(profiles().get(admin, member.user.profile.id))).toBe('profile_not_found');
    expect(await refusal(profiles().update(admin, { ...fictionalFields(), profileId: member.user.profile.id }))).toBe(
      'profile_not_found',
    );
  });
});
