import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import { TERMS_VERSION_DEFAULT } from '#common/constants.ts';
import { dialablePhone } from '#common/format.ts';
import type { TLocale } from '#common/locales.ts';
import { countryName } from '../reference/reference.service.ts';
import type { TSite } from '../sites/sites.service.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';

const CONTENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../content');
const PAGE_NAME = /^[a-z0-9-]{1,40}$/;

/** The static pages every locale has (spec §2). */
export const STATIC_PAGES = ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service'] as const;

export interface TContentPage {
  name: string;
  title: string;
  html: string;
}

/** Terms version date: 2023-12-01 12:00 UTC, or the company's added date when later (spec §9). */
export function termsVersionDate(companyAdded: Date): Date {
  const base = new Date(TERMS_VERSION_DEFAULT);
  return companyAdded > base ? companyAdded : base;
}

/** Placeholder values of a site, HTML-escaped, with email and phone as links. */
function placeholders(site: TSite, lng: TLocale): Record<string, string> {
  const c = site.company;
  const date = new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(termsVersionDate(c.added));
  const email = escapeHtml(site.supportEmail);
  const phone = escapeHtml(site.supportPhone);
  return {
    site_name: escapeHtml(site.name),
    site_domain: escapeHtml(site.domain),
    company_name: escapeHtml(c.name),
    company_address: escapeHtml(c.address),
    company_city: escapeHtml(c.city),
    company_country: escapeHtml(countryName(c.country, lng)),
    company_kvk: escapeHtml(c.kvk),
    company_vat_numbers: escapeHtml(c.vatNumbers.join(', ')),
    company_tradenames: escapeHtml(c.tradenames.join(', ')),
    support_email: `<a href="mailto:${email}">${email}</a>`,
    support_phone: `<a href="tel:${escapeHtml(dialablePhone(site.supportPhone))}">${phone}</a>`,
    refund_days: String(site.refundDays),
    terms_version_date: escapeHtml(date),
    min_age: String(site.minAge),
  };
}

const sources = new Map<string, string | null>();

/** Reads a page's Markdown once per process (content ships with the release). */
function source(name: string, lng: TLocale): string | null {
  const key = `${lng}/${name}`;
  if (!sources.has(key)) {
    const file = path.join(CONTENT_DIR, lng, `${name}.md`);
    sources.set(key, fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null);
  }
  return sources.get(key) ?? null;
}

/** Renders a static page for a site and locale, or null when no such page exists. */
export function renderContentPage(name: string, lng: TLocale, site: TSite): TContentPage | null {
  if (!PAGE_NAME.test(name)) return null;
  const md = source(name, lng);
  if (md === null) return null;
  const values = placeholders(site, lng);
  const filled = md.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => values[key] ?? whole);
  const [first, ...rest] = filled.split('\n');
  const title = first.replace(/^#\s+/, '').replace(/<[^>]+>/g, '');
  const html = marked.parse(rest.join('\n'), { async: false, gfm: true }) as string;
  return { name, title, html };
}

/** The static pages (terms, privacy, FAQ…) rendered for a site in a locale. */
export function createContentService() {
  return { render: renderContentPage };
}

export type TContentService = ReturnType<typeof createContentService>;
