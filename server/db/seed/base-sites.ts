import type { TDb } from '../connect.ts';
import { eq } from 'drizzle-orm';
import { companies, creditPackages, sites } from '../schema/index.ts';

/** Minimum price of a message per country, in minor units of the currency (spec §3 minimum_message_costs). */
const MESSAGE_COSTS = {
  NL: { costs: 49, currency: 'EUR' },
  BE: { costs: 49, currency: 'EUR' },
  DE: { costs: 49, currency: 'EUR' },
  AT: { costs: 49, currency: 'EUR' },
  FR: { costs: 49, currency: 'EUR' },
  IT: { costs: 49, currency: 'EUR' },
  ES: { costs: 49, currency: 'EUR' },
  IE: { costs: 49, currency: 'EUR' },
  FI: { costs: 49, currency: 'EUR' },
  GB: { costs: 45, currency: 'GBP' },
  US: { costs: 59, currency: 'USD' },
  CA: { costs: 59, currency: 'CAD' },
  AU: { costs: 59, currency: 'AUD' },
  NZ: { costs: 59, currency: 'NZD' },
  CH: { costs: 59, currency: 'CHF' },
  PL: { costs: 199, currency: 'PLN' },
  DK: { costs: 399, currency: 'DKK' },
  NO: { costs: 549, currency: 'NOK' },
  SE: { costs: 549, currency: 'SEK' },
};

const COMMON = {
  minimumMessageCosts: MESSAGE_COSTS,
  /** Welcome credits: two free messages at the default message_credits of 10 (spec: signup mentions free messages). */
  signupCredits: 20,
  visibleProfileFields: [
    'gender',
    'sexuality',
    'hair_color',
    'eye_color',
    'body_type',
    'relationship_status',
    'tattoos',
    'height',
    'interests',
  ],
  searchFields: ['gender', 'country', 'countryregion', 'min_age', 'max_age'],
  entryPopupCountries: ['NL', 'DE', 'BE', 'AT', 'CH', 'FR', 'IT', 'ES', 'GB', 'IE', 'DK', 'FI', 'NO', 'SE', 'PL'],
};

/** The seeded white-label sites: localhost is the default; the others show other niches and languages. */
export const BASE_SITES = [
  {
    domain: 'localhost',
    isDefault: true,
    name: 'Amora',
    niche: 1,
    indexTitle: 'Amora – meet singles near you',
    description: 'Amora is the dating and chat community to meet singles near you. Sign up free.',
    domainLanguage: 'en',
    mailName: 'Amora',
    supportEmail: 'support@amora.example',
    supportPhone: '+31 20-123 45 67',
  },
  {
    domain: 'liefde.localhost',
    isDefault: false,
    name: 'Liefdesplein',
    niche: 1,
    indexTitle: 'Liefdesplein – ontmoet singles bij jou in de buurt',
    description: 'Chat, flirt en date met singles uit Nederland en België.',
    domainLanguage: 'nl',
    mailName: 'Liefdesplein',
    supportEmail: 'klantenservice@liefdesplein.example',
    supportPhone: '+31 20-123 45 68',
  },
  {
    domain: 'reife.localhost',
    isDefault: false,
    name: 'ReifeLust',
    niche: 6,
    indexTitle: 'ReifeLust – reife Frauen suchen Abenteuer',
    description: 'Reife Frauen aus deiner Nähe suchen Kontakte. Jetzt kostenlos anmelden.',
    domainLanguage: 'de',
    mailName: 'ReifeLust',
    supportEmail: 'service@reifelust.example',
    supportPhone: '+49 30-123 456 78',
  },
  {
    domain: 'hommes.localhost',
    isDefault: false,
    name: 'EntreHommes',
    niche: 7,
    indexTitle: 'EntreHommes – rencontres entre hommes',
    description: 'Le site de rencontres entre hommes. Inscription gratuite.',
    domainLanguage: 'fr',
    mailName: 'EntreHommes',
    supportEmail: 'service@entrehommes.example',
    supportPhone: '+33 1-23 45 67 89',
  },
];

/** Inserts the operating company and the base sites when missing (idempotent). */
export async function seedBaseSites(db: TDb): Promise<void> {
  const existing = await db.select({ id: companies.id }).from(companies).limit(1);
  let companyId = existing[0]?.id;
  if (!companyId) {
    const [company] = await db
      .insert(companies)
      .values({
        name: 'Amora Media B.V.',
        address: 'Herengracht 420',
        kvk: '87654321',
        city: 'Amsterdam',
        country: 'NL',
        tradenames: ['Amora', 'Liefdesplein', 'ReifeLust', 'EntreHommes'],
        vatNumbers: ['NL864512378B01'],
        supportPhone: '+31 20-123 45 67',
        deleteDiscount: 50,
        added: new Date('2024-03-01T09:00:00Z'),
      })
      .returning({ id: companies.id });
    companyId = company.id;
  }
  for (const site of BASE_SITES) {
    await db
      .insert(sites)
      .values({ ...COMMON, ...site, companyId })
      .onConflictDoNothing({ target: sites.domain });
  }
  await seedCreditPackages(db);
}

/** The four bundles (colour classes p0–p3) in euro; other currencies scale with the country's minimum message cost. */
const EURO_PACKAGES = [
  { credits: 50, price: 749 },
  { credits: 120, price: 1499 },
  { credits: 300, price: 2999 },
  { credits: 750, price: 5999 },
];

/** A price ending in .49 or .99. */
function roundPrice(minor: number): number {
  return Math.max(99, Math.round(minor / 50) * 50 - 1);
}

/**
 * Credit bundles for every site and priced country, unless the site has some already. One message
 * (`message_credits`) never costs less than the country's `minimum_message_costs` (ARCHITECTURE).
 */
export async function seedCreditPackages(db: TDb): Promise<void> {
  const rows = await db.select({ id: sites.id, minimum: sites.minimumMessageCosts }).from(sites);
  for (const site of rows) {
    const [any] = await db
      .select({ id: creditPackages.id })
      .from(creditPackages)
      .where(eq(creditPackages.siteId, site.id))
      .limit(1);
    if (any) continue;
    const values = Object.entries(site.minimum).flatMap(([country, { costs, currency }]) =>
      EURO_PACKAGES.map((p, position) => ({
        siteId: site.id,
        country,
        position,
        credits: p.credits,
        priceMinor: roundPrice((p.price * costs) / MESSAGE_COSTS.NL.costs),
        currency,
      })),
    );
    if (values.length) await db.insert(creditPackages).values(values);
  }
}
