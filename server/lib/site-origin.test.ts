import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi } from '#common/wire/accounts.ts';
import { lastMail, linkIn, signupForm } from '../test/factories.ts';
import { asVisitor } from '../test/member-client.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';
import { siteOrigin } from './site-origin.ts';

/** A request as siteOrigin reads it: Host, scheme and the site resolved from the Host. */
const request = (host: string | undefined, site: { domain: string; isDefault: boolean }, protocol = 'http') =>
  ({ headers: { host }, protocol, site }) as unknown as FastifyRequest;
const DEMO = { domain: 'localhost', isDefault: true };
const LIEFDE = { domain: 'liefde.localhost', isDefault: false };
const DEPLOYED = { domain: 'amora.example', isDefault: true };

describe('siteOrigin: links lead back to where the member is (issue #13 item 18)', () => {
  it('keeps scheme, host and port on loopback addresses (the demo)', () => {
    expect(siteOrigin(request('127.0.0.1:3000', DEMO), undefined)).toBe('http://127.0.0.1:3000');
    expect(siteOrigin(request('localhost:3000', DEMO), undefined)).toBe('http://localhost:3000');
    expect(siteOrigin(request('127.8.9.10', DEMO), undefined)).toBe('http://127.8.9.10');
    expect(siteOrigin(request('[::1]:3000', DEMO), undefined)).toBe('http://[::1]:3000');
    expect(siteOrigin(request('other.localhost:3000', DEMO), undefined)).toBe('http://other.localhost:3000');
    expect(siteOrigin(request('liefde.localhost:3000', LIEFDE), undefined)).toBe('http://liefde.localhost:3000');
  });

  it('uses the site’s own domain as requested, else PUBLIC_URL for the default site, else https://<domain>', () => {
    expect(siteOrigin(request('amora.example', DEPLOYED, 'https'), undefined)).toBe('https://amora.example');
    expect(siteOrigin(request('www.amora.example', DEPLOYED, 'https'), undefined)).toBe('https://www.amora.example');
    expect(siteOrigin(request('10.0.0.5:3000', DEPLOYED), 'https://amora.example/')).toBe('https://amora.example');
    // A proxy that forwards to 127.0.0.1 without the Host: the deployment's PUBLIC_URL, not the loopback address.
    expect(siteOrigin(request('127.0.0.1:3000', DEPLOYED), 'https://amora.example')).toBe('https://amora.example');
    expect(siteOrigin(request('10.0.0.5:3000', DEPLOYED), undefined)).toBe('https://amora.example');
  });

  it('never puts a foreign or malformed Host into a link (no Host-header injection)', () => {
    for (const host of [
      'evil.example',
      'evil.example:3000',
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      'localhost:3000@evil.example',
      'localhost:3000/evil',
      '127.0.0.1:99999',
      '[::2]:3000',
      '',
      undefined,
    ]) {
      expect(siteOrigin(request(host, DEMO), undefined)).toBe('https://localhost');
      expect(siteOrigin(request(host, DEMO), 'https://amora.example')).toBe('https://amora.example');
    }
  });
});

describe('links in emails follow the address the member uses', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Signs up at a Host and answers the activation email's link. */
  const activationLinkAt = async (host: string) => {
    const form = signupForm();
    const res = await asVisitor(t.app).call(accountsApi.signup, form, { headers: { host } });
    expect(res.status).toBe(200);
    return linkIn((await lastMail(t, form.email))!.text);
  };

  it('sends the demo’s activation link to http://127.0.0.1:<port> and http://localhost:<port>', async () => {
    expect((await activationLinkAt('127.0.0.1:3217')).origin).toBe('http://127.0.0.1:3217');
    expect((await activationLinkAt('localhost:3000')).origin).toBe('http://localhost:3000');
  });

  it('never sends an unknown Host in an activation link', async () => {
    expect((await activationLinkAt('evil.example:3217')).origin).toBe('https://localhost');
  });
});
