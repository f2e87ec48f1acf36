import path from 'node:path';
import { expect, test } from '@playwright/test';
import { adminText, ownerConsole } from './console-helpers.ts';
import { CLIENT } from './constants.ts';
import { confirmedMember, gotoHydrated, screenshot, text, waitForHydration } from './helpers.ts';

const PHOTO = path.resolve('server/test/fixtures/gps-photo.jpg');

test('photo pre-moderation: a new photo waits "in review", a moderator approves it, and it goes live', async ({
  browser,
}) => {
  const t = (key: string) => text('en', key);
  const owner = await ownerConsole(browser);
  const { sites } = await (await owner.request.get('/api/admin/sites/list')).json();
  const site = (sites as { id: number; domain: string }[]).find((s) => s.domain === 'localhost')!;
  const setMode = async (mode: 'pre' | 'post') => {
    const res = await owner.request.post('/api/admin/sites/update', {
      headers: CLIENT,
      data: { siteId: site.id, patch: { photo_moderation: mode } },
    });
    expect(res.ok()).toBe(true);
  };
  await setMode('pre');
  try {
    const member = await confirmedMember(browser, 'photoreview');
    await gotoHydrated(member.page, '/profile');
    await member.page.locator('input[type=file]').setInputFiles(PHOTO);
    await expect(member.page.getByText(t('photos.in_review')).first()).toBeVisible();
    await screenshot(member.page, 'photo-in-review');
    // Nobody else sees it yet.
    const other = await confirmedMember(browser, 'photolooker', { gender: 'male', lookingFor: 'female' });
    const src = await member.page.getByRole('img', { name: /1/ }).first().getAttribute('src');
    const thumb = /[0-9a-f]{32}/.exec(src ?? '')![0];
    const seen = await (await other.page.request.get(`/members/${member.profileId}`)).text();
    expect(seen).not.toContain(thumb);

    await owner.goto('/admin/moderation/photos');
    await waitForHydration(owner);
    const item = owner.getByRole('listitem').filter({ hasText: `#${member.profileId}` });
    await screenshot(owner, 'console-photo-review-1280');
    await item.getByRole('button', { name: adminText('en', 'moderation.approve') }).click();
    await expect(item).toHaveCount(0);

    await gotoHydrated(member.page, '/profile');
    await expect(member.page.getByText(t('photos.main'), { exact: true })).toBeVisible();
    await expect(member.page.getByText(t('photos.in_review'))).toHaveCount(0);
  } finally {
    await setMode('post');
  }
});
