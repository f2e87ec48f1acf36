import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { serverT } from '../lib/i18n.ts';
import { startTestSmtp, type TTestSmtp } from '../test/smtp-server.ts';
import { createMailer } from './mailer.ts';

let smtp: TTestSmtp;

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
    const mailer = createMailer(config, null as never);
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
});
