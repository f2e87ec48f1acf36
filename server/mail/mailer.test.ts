import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { serverT } from '../lib/i18n.ts';
import { createMailer } from './mailer.ts';

const received: string[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mailer over SMTP', () => {
  it('delivers a localised activation email with HTML and text parts to a real SMTP server', async () => {
    const config = loadConfig({
      SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
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
    expect(received).toHaveLength(1);
    const mail = await PostalMime.parse(received[0]);
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
