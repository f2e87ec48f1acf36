import type { TSiteInput } from '#common/site-fields.ts';

/** A complete first site as the owner enters it in the console. */
export function siteInput(overrides: Partial<TSiteInput> = {}): TSiteInput {
  return {
    domain: 'dating.example',
    is_default: false,
    company_id: 1,
    name: 'Dating Example',
    index_title: 'Dating Example – meet singles',
    description: 'Meet singles near you.',
    niche: 1,
    domain_language: 'nl',
    cdn_prefix: '',
    partner_url: null,
    signups: 'all',
    logged_out_search: 'all',
    logged_out_search_trafficsource: 'none',
    member_resell: false,
    min_age: 18,
    enable_site_entry_popup: 'yes',
    site_entry_popup_countries: ['NL'],
    message_credits: 10,
    photo_credits: 15,
    gift_credits: 20,
    signup_credits: 0,
    message_length: 1000,
    refund_days: 14,
    minimum_message_costs: { NL: { costs: 49, currency: 'EUR' } },
    fictional_warning: {},
    fictional_singular: { nl: 'Fictief profiel' },
    fictional_plural: {},
    fictional_icon: true,
    photo_moderation: 'post',
    mail_name: 'Dating Example',
    support_email: 'support@dating.example',
    support_phone: '+31 20 000 00 00',
    visible_profile_fields: ['gender', 'interests'],
    visible_profile_notes: false,
    search_fields: ['gender', 'country'],
    ...overrides,
  };
}

/** A company as the first-run setup enters it. */
export const companyInput = {
  name: 'Example Media B.V.',
  address: 'Keizersgracht 1',
  city: 'Amsterdam',
  country: 'NL',
  kvk: '12345678',
  vat_numbers: ['NL123456789B01'],
  tradenames: ['Dating Example'],
  support_phone: '+31 20 000 00 00',
  delete_discount: 0,
};

const bundle = (siteId: number) => ({
  siteId,
  country: 'NL',
  position: 0,
  credits: 100,
  price_minor: 990,
  currency: 'EUR',
  active: true,
});
const campaign = (siteId: number) => ({
  siteId,
  code: 'OTHER-SITE',
  percentage: 10,
  countries: [],
  methods: [],
  minimum_order: 0,
  currency: null,
  starts_at: null,
  expires: '2099-01-01T00:00:00Z',
  max_uses: null,
  active: true,
});

/**
 * The access test's inputs of the sites console routes (server/modules/staff/console-access.test.ts): valid requests
 * that name the other site, or (companies, new sites) need an admin of every site.
 */
export const SITES_SITE_CASES: Record<string, (other: { siteId: number }) => Record<string, unknown>> = {
  'POST /api/admin/sites/company-create': () => companyInput,
  'POST /api/admin/sites/company-update': () => ({ ...companyInput, companyId: 1 }),
  'POST /api/admin/sites/create': () => siteInput({ domain: 'limited.example' }),
  'POST /api/admin/sites/update': (o) => ({ siteId: o.siteId, patch: { signups: 'closed' } }),
  'GET /api/admin/sites/bundles': (o) => ({ siteId: o.siteId }),
  'POST /api/admin/sites/bundle-create': (o) => bundle(o.siteId),
  'POST /api/admin/sites/bundle-update': (o) => ({ ...bundle(o.siteId), bundleId: 1 }),
  'GET /api/admin/sites/campaigns': (o) => ({ siteId: o.siteId }),
  'POST /api/admin/sites/campaign-create': (o) => campaign(o.siteId),
  'POST /api/admin/sites/campaign-update': (o) => ({ campaignId: 1, campaign: campaign(o.siteId) }),
  'GET /api/admin/dashboard/series': (o) => ({ siteId: o.siteId }),
};
