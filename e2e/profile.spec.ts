import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import exifr from 'exifr';
import { confirmedMember, gotoHydrated, screenshot, text, waitForHydration } from './helpers.ts';

const GPS_JPEG = path.resolve('server/test/fixtures/gps-photo.jpg');

test('a member edits their profile and uploads a photo with GPS EXIF, which is served without it (de)', async ({
  browser,
}) => {
  const lng = 'de';
  const t = (key: string) => text(lng, key);
  const { page, profileId } = await confirmedMember(browser, 'petra', { locale: lng });
  // Without a photo the missing-photo warning shows in the members area, once the welcome bonus above it is closed:
  // one banner at a time.
  await gotoHydrated(page, '/members');
  const warning = page.getByRole('status').filter({ hasText: t('photos.missing_alert') });
  const bonus = page.getByRole('complementary', { name: t('time_bonus.banner_label') });
  await expect(bonus).toBeVisible();
  await expect(warning).toBeHidden();
  await bonus.getByRole('button', { name: t('alerts.dismiss') }).click();
  await expect(warning).toBeVisible();

  await page.getByRole('link', { name: t('photos.add') }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: t('my_profile.title') })).toBeVisible();
  await page.locator('input[type=file]').setInputFiles(GPS_JPEG);
  await expect(page.getByText(t('photos.main'), { exact: true })).toBeVisible();
  const src = await page.getByRole('img', { name: /1/ }).first().getAttribute('src');
  expect(src).toMatch(/^\/media\/[0-9a-f]{32}_thumb\.jpg$/);
  for (const file of [src!, src!.replace('_thumb', '')]) {
    const bytes = await (await page.request.get(file)).body();
    expect(await exifr.gps(bytes)).toBeUndefined();
    expect(bytes.includes('AmoraCam')).toBe(false);
  }

  await page.getByLabel(t('attributes.labels.hair_color'), { exact: true }).selectOption('red');
  await page.getByLabel(t('attributes.labels.relationship_status'), { exact: true }).selectOption('single');
  await page.getByLabel(t('my_profile.height_cm'), { exact: true }).fill('171');
  await page
    .getByLabel(t('attributes.labels.about_me'), { exact: true })
    .fill('Ich wandere gern und trinke guten Kaffee.');
  // The interest chips are labels of visually hidden checkboxes: click the visible chip.
  await page.locator('label', { hasText: t('interests.hiking') }).click();
  await page.locator('label', { hasText: t('interests.coffee') }).click();
  await expect(page.getByRole('checkbox', { name: t('interests.hiking'), exact: true })).toBeChecked();
  await page.getByLabel(t('lang_config.country'), { exact: true }).selectOption('DE');
  await page.getByLabel(/Bundesland/).selectOption('BY');
  // Typed in full without picking a suggestion: the server finds it in the place data (by its local name).
  await page.getByLabel(t('complete.city'), { exact: true }).fill('München');
  await page.getByRole('button', { name: t('my_profile.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('my_profile.saved') })).toBeVisible();
  await screenshot(page, 'profile-settings-de-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, 'profile-settings-de-375');

  // A bad height is refused with a field message and nothing changes.
  await page.getByLabel(t('my_profile.height_cm'), { exact: true }).fill('20');
  await page.getByRole('button', { name: t('my_profile.save') }).click();
  await expect(
    page.getByText(t('validation.height_range').replace('{{min}}', '120').replace('{{max}}', '230')),
  ).toBeVisible();

  await page.goto(`/members/${profileId}`);
  await expect(page.getByText('Ich wandere gern und trinke guten Kaffee.')).toBeVisible();
  await expect(page.getByText(t('attributes.hair_color.red'))).toBeVisible();
  await expect(page.getByText(/München/)).toBeVisible();
  await expect(page.getByText('171 cm')).toBeVisible();
  // With a photo the warning is gone.
  await page.goto('/members');
  await expect(page.getByText(t('photos.missing_alert'))).toHaveCount(0);
});

test('on a phone, a member picks their city from the suggestions with the keyboard; an unknown city is refused', async ({
  browser,
}) => {
  const t = (key: string, values: Record<string, unknown> = {}) => text('en', key, values);
  const { page, profileId } = await confirmedMember(browser, 'kasia', { locale: 'en' });
  await page.setViewportSize({ width: 375, height: 812 });
  await gotoHydrated(page, '/profile');
  await page.getByLabel(t('lang_config.country'), { exact: true }).selectOption('PL');
  const city = page.getByRole('combobox', { name: t('complete.city') });
  const region = page.getByLabel('Voivodeship');
  await expect(region).toHaveValue('');

  // Nothing starts so: the list says so, and saving such a city is refused.
  await city.fill('Xqz');
  await expect(page.getByText(t('location.city_no_match')).first()).toBeVisible();
  await region.selectOption({ label: 'Mazowieckie' });
  await page.getByRole('button', { name: t('my_profile.save') }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('errors.city_unknown') })).toBeVisible();
  await expect(city).toHaveAttribute('aria-invalid', 'true');

  // Typing asks the place data; the list is announced, arrows move through it and Enter picks.
  await city.fill('');
  await city.pressSequentially('Krak');
  const list = page.getByRole('listbox', { name: t('location.city_list') });
  const krakow = list.getByRole('option', { name: /^Kraków/ });
  await expect(krakow).toBeVisible();
  await expect(city).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('status').filter({ hasText: t('location.city_suggestions', { count: 1 }) })).toHaveCount(
    1,
  );
  // The whole list is on screen at 375 px, not cut off at the side.
  const box = (await list.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
  await city.press('ArrowDown');
  await expect(krakow).toHaveAttribute('aria-selected', 'true');
  await expect(city).toHaveAttribute('aria-activedescendant', (await krakow.getAttribute('id'))!);
  await screenshot(page, 'profile-city-combobox-375');
  // The open combobox passes axe (WCAG 2.1 AA): names, roles and the option it points at.
  const axe = await new AxeBuilder({ page })
    .include('fieldset:has(#profile-city)')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await city.press('Enter');
  await expect(city).toHaveValue('Kraków');
  await expect(city).toHaveAttribute('aria-expanded', 'false');
  // Kraków lies in Małopolskie: the region follows the picked place.
  await expect(region).toHaveValue('12');
  await page.getByRole('button', { name: t('my_profile.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('my_profile.saved') })).toBeVisible();

  await page.goto(`/members/${profileId}`);
  await expect(page.getByText(/Kraków/).first()).toBeVisible();

  // Without JavaScript the field is a plain input: the server refuses an unknown city and spells a known one.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  await noScript.addCookies(await page.context().cookies());
  const plain = await noScript.newPage();
  await plain.goto('/profile');
  const plainCity = plain.getByLabel(t('complete.city'), { exact: true });
  await plainCity.fill('Ba');
  await plain.getByRole('button', { name: t('my_profile.save') }).click();
  await expect(plain.getByRole('alert').filter({ hasText: t('errors.city_unknown') })).toBeVisible();
  await plain.goto('/profile');
  await expect(plainCity).toHaveValue('Kraków');
  await plainCity.fill('lodz');
  await plain.getByLabel('Voivodeship').selectOption({ label: 'Łódzkie' });
  await plain.getByRole('button', { name: t('my_profile.save') }).click();
  await expect(plain.getByRole('status').filter({ hasText: t('my_profile.saved') })).toBeVisible();
  await plain.goto('/profile');
  await expect(plainCity).toHaveValue('Łódź');
  await noScript.close();
});

test('a free member sees the first photos of another member and the rest censored with an upgrade prompt', async ({
  browser,
}) => {
  const owner = await confirmedMember(browser, 'olga');
  await gotoHydrated(owner.page, '/profile');
  for (let i = 0; i < 3; i++) {
    await owner.page.locator('input[type=file]').setInputFiles(GPS_JPEG);
    await expect(
      owner.page.getByText(
        text('en', 'photos.count_other')
          .replace('{{count}}', String(i + 1))
          .replace('{{limit}}', '3'),
      ),
    ).toBeVisible();
  }
  // The free limit is reached: the upload tile is gone and the upgrade prompt shows.
  await expect(owner.page.locator('input[type=file]')).toHaveCount(0);
  await expect(
    owner.page.getByText(text('en', 'photos.full_free').replace('{{limit}}', '3').replace('{{premium_limit}}', '25')),
  ).toBeVisible();

  const viewer = await confirmedMember(browser, 'victor', { gender: 'male', lookingFor: 'female' });
  await gotoHydrated(viewer.page, `/members/${owner.profileId}`);
  const locked = viewer.page.getByRole('button', { name: text('en', 'photos.locked_n').replace('{{n}}', '3') });
  await expect(locked).toBeVisible();
  await locked.click();
  await expect(viewer.page.getByRole('img', { name: /Hidden photo/ })).toHaveAttribute(
    'src',
    /^\/cdn\/[0-9a-f]{32}\.jpg$/,
  );
  await expect(viewer.page.getByRole('link', { name: text('en', 'nav.get_premium') }).last()).toBeVisible();
  await screenshot(viewer.page, 'profile-censored-photo');
});
