import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  it('applies defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.dataDir).toMatch(/data$/);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('fails fast listing every problem at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://x' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*REDIS_URL/,
    );
  });

  it('refuses an SMTP_URL that is not an smtp:// or smtps:// URL with a host, with the other problems, never printing it', () => {
    for (const bad of [
      'smtp//u:S3cretPw@x',
      'mail.example.com',
      'http://u:S3cretPw@mail.example.com',
      'smtp://',
      'smtp://u:S3cretPw@:25',
    ]) {
      let message = '';
      try {
        loadConfig({ PORT: 'abc', SMTP_URL: bad });
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message, bad).toMatch(/PORT[\s\S]*SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
      expect(message, bad).not.toContain('S3cretPw');
    }
    for (const good of [
      'smtp://mail',
      'smtps://u:S3cret%40Pw@mail.example.com:465',
      'smtp://127.0.0.1:2525?pool=true',
    ]) {
      expect(loadConfig({ SMTP_URL: good }).smtpUrl).toBe(good);
    }
  });

  it('serves the dev mailbox in development and the one-command demo, not in a real deployment', () => {
    const pg = 'postgres://db/amora';
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).devMailbox).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: pg }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATABASE_URL: pg, DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
  });

  it('opens the dev mailbox to other addresses than loopback only when DEV_MAILBOX=true is set explicitly', () => {
    expect(loadConfig({}).devMailboxAnyClient).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).devMailboxAnyClient).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: '' }).devMailboxAnyClient).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: 'false' }).devMailboxAnyClient).toBe(false);
    expect(loadConfig({ DEV_MAILBOX: 'true' }).devMailboxAnyClient).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: '1' }).devMailboxAnyClient).toBe(true);
  });

  it('serves the API docs outside production, and in production only with API_DOCS=true', () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('drains 5 s after SIGTERM in production and not at all elsewhere, unless SHUTDOWN_DRAIN_MS says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).shutdownDrainMs).toBe(5000);
    expect(loadConfig({}).shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production', SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1500);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it('trusts the proxies TRUST_PROXY names: a hop count or addresses/CIDRs; "true" is refused', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual({
      proxies: ['10.0.0.0/8', '127.0.0.1', '::1'],
    });
    expect(loadConfig({ TRUST_PROXY: 'loopback,fd00::/8' }).trustProxy).toEqual({ proxies: ['loopback', 'fd00::/8'] });
    // The old "trust every hop" names the forms that replace it.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: .*every hop.*TRUST_PROXY=1.*10\.0\.0\.0\/8/,
    );
    for (const wrong of ['yes', '10.0.0.0/33', '10.0.0', '::1/129', '10.0.0.0/8,', 'proxy.example', '11', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/TRUST_PROXY/);
    }
    // Listed with every other problem, not alone.
    expect(() => loadConfig({ TRUST_PROXY: 'true', PORT: 'abc' })).toThrow(
      /PORT[\s\S]*TRUST_PROXY|TRUST_PROXY[\s\S]*PORT/,
    );
  });

  it('gives a database connection 5 s to open unless DB_CONNECT_TIMEOUT_MS says otherwise', () => {
    expect(loadConfig({}).dbConnectTimeoutMs).toBe(5000);
    expect(loadConfig({ DB_CONNECT_TIMEOUT_MS: '2000' }).dbConnectTimeoutMs).toBe(2000);
    expect(() => loadConfig({ DB_CONNECT_TIMEOUT_MS: '0' })).toThrow(/DB_CONNECT_TIMEOUT_MS/);
  });

  it('lets push endpoints name loopback only outside production (the tests’ local push service)', () => {
    expect(loadConfig({}).pushAllowLoopback).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', PUSH_ALLOW_LOOPBACK: 'true' }).pushAllowLoopback).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: 'true' })).toThrow(/PUSH_ALLOW_LOOPBACK/);
  });
});
