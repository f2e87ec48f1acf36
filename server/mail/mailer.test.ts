import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { serverT } from '../lib/i18n.ts';
import { startTestSmtp, type TTestSmtp } from '../test/smtp-server.ts';
import { createMailer } from './mailer.ts';

let smtp: TTestSmtp;
/** These sends need no database (SMTP answers at once) and write no log. */
const quietCore = {
  db: null as never,
  now: () => new Date(),
  log: { warn: () => undefined, error: () => undefined, info: () => undefined },
};

beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
});

describe('mailer over SMTP', () => {
  it('delivers a localised activation email with HTML and text parts to a real SMTP server', async () => {
    const config = loadConfig({
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Amora <no-reply@amora.example>',
    });
    const mailer = createMailer(quietCore, { config });
    expect(mailer.kind).toBe('smtp');
    await mailer.send({
      site: { id: 1, name: 'Amora', domain: 'amora.example', mailName: 'Amora', supportEmail: 'support@amora.example' },
      to: 'marie@example.com',
      locale: 'fr',
      kind: 'activation',
      vars: { name: 'Marie', link: 'https://amora.example/activate?token=abc', hours: 168 },
    });
    mailer.close();
    expect(smtp.received).toHaveLength(1);
    const mail = await PostalMime.parse(smtp.received[0]);
    expect(mail.to?.[0].address).toBe('marie@example.com');
    expect(mail.from?.address).toBe('no-reply@amora.example');
    expect(mail.subject).toBe(serverT('fr')('email.activation.subject', { site: 'Amora' }));
    expect(mail.subject).not.toContain('Confirm your');
    expect(mail.text).toContain('https://amora.example/activate?token=abc');
    expect(mail.text).toContain('Marie');
    expect(mail.html).toContain('lang="fr"');
    expect(mail.html).toContain('href="https://amora.example/activate?token=abc"');
  });

  it('greets with the public host and, without a bounce address, uses the From address as envelope sender', async () => {
    smtp.received.length = 0;
    smtp.envelopes.length = 0;
    const config = loadConfig({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://www.amora.example' });
    expect(config.smtp).toEqual({ heloName: 'www.amora.example', bounceAddress: undefined, timeoutMs: 10_000 });
    const mailer = createMailer(quietCore, { config });
    await mailer.send({
      site: { id: 1, name: 'Amora', domain: 'amora.example', mailName: 'Amora', supportEmail: 'support@amora.example' },
      to: 'jan@example.com',
      locale: 'nl',
      kind: 'reset',
      vars: { name: 'Jan', link: 'https://amora.example/reset-password/do?token=abc', hours: 2 },
    });
    mailer.close();
    expect(smtp.envelopes).toEqual([
      { heloName: 'www.amora.example', mailFrom: 'support@amora.example', rcptTo: ['jan@example.com'] },
    ]);
    const mail = await PostalMime.parse(smtp.received[0]);
    expect(mail.headers.find((h) => h.key === 'content-language')?.value).toBe('nl');
    expect(mail.headers.find((h) => h.key === 'auto-submitted')?.value).toBe('auto-generated');
  });
});

// With SMTP and neither SMTP_HELO_NAME nor PUBLIC_URL the greeting was nodemailer's "[127.0.0.1]", unsaid.
describe('the SMTP greeting without SMTP_HELO_NAME or PUBLIC_URL', () => {
  const site = {
    id: 1,
    name: 'Amora',
    domain: 'amora.example',
    mailName: 'Amora',
    supportEmail: 'support@amora.example',
  };

  /** Sends one email with a mailer made for this default site domain; returns the EHLO name and the warnings. */
  async function greeting(defaultDomain: string) {
    smtp.envelopes.length = 0;
    const warnings: string[] = [];
    const log = { warn: (msg: string) => warnings.push(msg), error: () => undefined, info: () => undefined };
    const mailer = createMailer({ ...quietCore, log }, { config: loadConfig({ SMTP_URL: smtp.url }), defaultDomain });
    await mailer.send({
      site,
      to: 'jan@example.com',
      locale: 'en',
      kind: 'reset',
      vars: { name: 'Jan', link: 'x', hours: 2 },
    });
    mailer.close();
    return { heloName: smtp.envelopes[0].heloName, warnings };
  }

  it("greets with the default site's domain, without a warning", async () => {
    expect(await greeting('liefdesplein.nl')).toEqual({ heloName: 'liefdesplein.nl', warnings: [] });
  });

  it('warns once at start-up when the default site has no public name (localhost)', async () => {
    const { heloName, warnings } = await greeting('localhost');
    expect(heloName).toBe('[127.0.0.1]');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/SMTP_HELO_NAME/);
  });
});
