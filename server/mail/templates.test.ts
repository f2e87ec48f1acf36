import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '#common/locales.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { renderEmail, type TEmailKind } from './templates.ts';

// Security notices (email changed, password changed, account deletion) told the member to act if it was
// not them and then "Did you not ask for it? Then you can ignore this email." They end with a fitting footer now;
// emails the member asked for keep the ignore sentence.

const vars = {
  site: 'Amora',
  domain: 'amora.example',
  name: 'Anna',
  link: 'https://amora.example/x?token=t',
  hours: 2,
};

/** The footer's sentences after the first ("you receive this email because…"): the "ignore it" advice. */
function ignoreAdvice(locale: string): string {
  const catalogue = JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as { email: { footer: string } };
  const footer = catalogue.email.footer.replace('{{site}}', vars.site).replace('{{domain}}', vars.domain);
  const advice = footer.slice(footer.indexOf(`(${vars.domain}).`) + `(${vars.domain}).`.length).trim();
  expect(advice.length, locale).toBeGreaterThan(10);
  return advice;
}

const NOTICES: TEmailKind[] = ['email_changed', 'password_changed', 'reactivation'];
const ASKED_FOR: TEmailKind[] = ['activation', 'reset', 'mail_change', 'email_reenable'];

describe('email footers', () => {
  it('security notices carry no "ignore this email" advice in any locale, but a footer saying what to do', () => {
    for (const locale of LOCALES) {
      const advice = ignoreAdvice(locale);
      for (const kind of NOTICES) {
        const mail = renderEmail(kind, locale, vars);
        expect(mail.text, `${locale} ${kind}`).not.toContain(advice);
        expect(mail.html, `${locale} ${kind}`).not.toContain(escapeHtml(advice));
        // Still says why it was sent (site and domain), in both parts.
        expect(mail.text.split('--\n')[1], `${locale} ${kind}`).toContain('Amora (amora.example)');
        expect(mail.html, `${locale} ${kind}`).toContain('Amora (amora.example)');
      }
    }
  });

  it('emails the member asked for keep the advice to ignore them if not', () => {
    for (const locale of LOCALES) {
      const advice = ignoreAdvice(locale);
      for (const kind of ASKED_FOR) {
        const mail = renderEmail(kind, locale, vars);
        expect(mail.text, `${locale} ${kind}`).toContain(advice);
        expect(mail.html, `${locale} ${kind}`).toContain(escapeHtml(advice));
      }
    }
  });

  it('the English notices end with what to do if it was not the member', () => {
    expect(renderEmail('password_changed', 'en', vars).text).toMatch(/if this was not you, use the button above/);
    expect(renderEmail('reactivation', 'en', vars).text).toMatch(/If you did not delete it yourself, reactivate it/);
  });
});
