import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceApi, sitesApi } from '#common/wire/settings-api.ts';
import type { TEndpointInput } from '#common/endpoint.ts';
import { asMember, asVisitor, type TCallExtras } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The settings as a visitor gets them, with a query and extras (host, address). */
const settings = (query: TEndpointInput<typeof sitesApi.settings> = {}, extras: TCallExtras = {}) =>
  asVisitor(t.app).call(sitesApi.settings, query, extras);

/** Every settings field named in spec §3 (push public key as push_public_key). */
const SPEC_FIELDS = [
  'countries',
  'name',
  'index_title',
  'description',
  'visible_profile_fields',
  'visible_profile_notes',
  'geoip_country',
  'geoip_selected_country',
  'cdn_prefix',
  'message_credits',
  'photo_credits',
  'gift_credits',
  'signup_credits',
  'message_length',
  'minimum_message_costs',
  'support_email',
  'support_phone',
  'enable_site_entry_popup',
  'push_public_key',
  'search_fields',
  'domain',
  'domain_language',
  'fictional_warning',
  'fictional_singular',
  'fictional_plural',
  'refund_days',
  'signups',
  'logged_out_search',
  'logged_out_search_trafficsource',
  'member_resell',
  'niche',
  'company_id',
  'mail_name',
  'interests',
  'region_data',
];

describe('GET /api/settings.php', () => {
  it('answers every spec §3 field for the default site', async () => {
    const res = await settings({}, { headers: { host: 'localhost:3000' } });
    expect(res.status).toBe(200);
    // The client parsed the answer with the endpoint's response schema (ZSettings).
    const { body } = res;
    for (const field of SPEC_FIELDS) expect(body, field).toHaveProperty(field);
    expect(body.domain).toBe('localhost');
    expect(body.domain_language).toBe('en');
    expect(body.countries).toHaveLength(19);
    expect(body.interests).toHaveLength(50);
    expect(body.push_public_key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(body.minimum_message_costs.NL).toEqual({ costs: 49, currency: 'EUR' });
  });

  it('resolves the site from the Host header', async () => {
    const res = await settings({}, { headers: { host: 'liefde.localhost' } });
    expect(res.body).toMatchObject({ domain: 'liefde.localhost', domain_language: 'nl', name: 'Liefdesplein' });
  });

  it('takes the forced-domain parameter, and never reflects an unknown or malformed one', async () => {
    const forced = await settings({ domain: 'reife.localhost' });
    expect(forced.body).toMatchObject({ domain: 'reife.localhost', niche: 6 });
    // Raw: the check reads the answer's text for a reflected script.
    const bad = await t.app.inject({ url: `/api/settings.php?domain=${encodeURIComponent('<script>x</script>')}` });
    expect(bad.statusCode).toBe(200);
    expect(bad.body).not.toContain('<script>');
    expect(bad.json().domain).toBe('localhost');
    const unknown = await settings({ domain: 'evil.example' });
    expect(unknown.body.domain).toBe('localhost');
  });

  it('derives geoip_country from the client IP and the region data from it', async () => {
    const { body } = await settings({}, { remoteAddress: '145.1.1.1' });
    expect(body.geoip_country).toBe('NL');
    expect(body.geoip_selected_country).toBe('NL');
    expect(body.region_data?.country).toBe('NL');
    expect(body.region_data?.regions.map((r) => r.name)).toContain('Utrecht');
    const chosen = (await settings({ country: 'pl' }, { remoteAddress: '145.1.1.1' })).body;
    expect(chosen.geoip_selected_country).toBe('PL');
    expect(chosen.region_data?.label_key).toBe('voivodeship');
  });

  it('localises texts by the locale cookie', async () => {
    const en = (await settings()).body;
    const de = (await asMember(t.app, { i18n_redirected: 'de' }).call(sitesApi.settings, {})).body;
    expect(de.fictional_warning).not.toBe(en.fictional_warning);
    expect(de.countries.find((c) => c.code === 'DE')?.name).toBe('Deutschland');
  });
});

describe('reference data', () => {
  it('GET /api/companyinfo.php answers the company fields of spec §3', async () => {
    const { body } = await asVisitor(t.app).call(sitesApi.companyInfo);
    expect(Object.keys(body).sort()).toEqual(
      [
        'added',
        'address',
        'city',
        'country',
        'delete_discount',
        'kvk',
        'name',
        'support_phone',
        'tradenames',
        'vat_numbers',
      ].sort(),
    );
  });

  it('GET /api/interests.php lists the 50 interests with icons, localised', async () => {
    const { body } = await asMember(t.app, { i18n_redirected: 'fr' }).call(referenceApi.interests);
    expect(body).toHaveLength(50);
    for (const i of body) expect(i.icon.length).toBeGreaterThan(0);
    const cooking = body.find((i) => i.id === 'cooking');
    expect(cooking?.name).not.toBe('Cooking');
  });

  it('GET /api/regions.php covers the 19 countries with their region label', async () => {
    const { body } = await asVisitor(t.app).call(referenceApi.regions);
    expect(body).toHaveLength(19);
    const byCountry = Object.fromEntries(body.map((c) => [c.country, c]));
    expect(byCountry.CH.label_key).toBe('canton');
    expect(byCountry.US.label_key).toBe('state');
    expect(byCountry.PL.label).toBe('Voivodeship');
    for (const c of body) expect(c.regions.length).toBeGreaterThan(0);
  });
});
