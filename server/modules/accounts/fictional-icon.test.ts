import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi } from '#common/wire/accounts.ts';
import { sites } from '#server/db/schema/index.ts';
import { buildMember } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import type { TRequestContext } from '#server/web/request-context.ts';
import { buildRootData } from '#web/lib/root-data.server.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Sets the shared test site's `fictional_icon` and drops the cached site. */
async function setFictionalIcon(fictionalIcon: boolean) {
  await t.services.database.db.update(sites).set({ fictionalIcon }).where(eq(sites.domain, 'localhost'));
  t.services.sites.invalidate();
}

/** The root data a page of the shared test site gets, for a visitor. */
async function visitorRootData() {
  const site = await t.services.sites.resolve('localhost');
  const ctx = { services: t.services, site, locale: 'en', geoCountry: null, user: null };
  return buildRootData(ctx as unknown as TRequestContext);
}

describe('fictional_icon (issue 30, disclosure): the site setting, on the User and for visitors', () => {
  it('is on by default for a new site: the member and the visitor see the icon', async () => {
    const m = await buildMember(t);
    const res = await asMember(t.app, m.cookie).call(accountsApi.current);
    expect(res.status).toBe(200);
    expect(res.body.user?.fictional_icon).toBe(true);
    expect((await visitorRootData()).site.fictionalIcon).toBe(true);
  });

  it("follows the site's setting when the site turns it off, and back on", async () => {
    const m = await buildMember(t);
    try {
      await setFictionalIcon(false);
      expect((await asMember(t.app, m.cookie).call(accountsApi.current)).body.user?.fictional_icon).toBe(false);
      expect((await visitorRootData()).site.fictionalIcon).toBe(false);
    } finally {
      await setFictionalIcon(true);
    }
    expect((await asMember(t.app, m.cookie).call(accountsApi.current)).body.user?.fictional_icon).toBe(true);
  });

  it("gives pages the three disclosure texts of the site in the visitor's language", async () => {
    const root = await visitorRootData();
    expect(root.site.fictionalSingular).toBe('This is a fictional profile for entertainment purposes.');
    expect(root.site.fictionalPlural).toBe('Some of these profiles are fictional and are for entertainment purposes.');
    expect(root.site.fictionalWarning).toContain('fictional profiles');
  });
});
