import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, pagePath, pageUrl, type TPageName } from './routes.ts';

describe('pagePath', () => {
  it('fills and encodes params, leaves out an empty optional one, and encodes the query like encodeURIComponent', () => {
    expect(pagePath('index')).toBe('/');
    expect(pagePath('members-id', { id: 12 })).toBe('/members/12');
    expect(pagePath('likes-type', { type: 'match' })).toBe('/likes/match');
    expect(pagePath('credits-id-paymentmethod', { id: 3 })).toBe('/credits/3');
    expect(pagePath('credits-id-paymentmethod', { id: 3, paymentmethod: '' })).toBe('/credits/3');
    expect(pagePath('credits-id-paymentmethod', { id: 3, paymentmethod: 'paypal' })).toBe('/credits/3/paypal');
    expect(pagePath('transactions')).toBe('/transactions');
    expect(pagePath('pages-token', { token: 'a b/c' })).toBe('/pages/a%20b%2Fc');
    expect(pagePath('login', {}, { redirect: '/members?x=1&y=2' })).toBe('/login?redirect=%2Fmembers%3Fx%3D1%26y%3D2');
    expect(pagePath('activate/error', {}, { reason: 'link_invalid' })).toBe('/activate/error?reason=link_invalid');
    expect(pagePath('settings', {}, { password_reset: 1, skipped: undefined })).toBe('/settings?password_reset=1');
    expect(pagePath('chats', {}, {})).toBe('/chats');
  });

  it('builds the emailed links exactly as they were typed before', () => {
    const origin = 'https://amora.example';
    const token = 'AbC-_09xyz.sig-_';
    expect(pageUrl(origin, 'activate', {}, { token })).toBe(`${origin}/activate?token=${token}`);
    expect(pageUrl(origin, 'unsubscribe', {}, { token })).toBe(`${origin}/unsubscribe?token=${token}`);
    expect(pageUrl(origin, 'email-reenable', {}, { token })).toBe(`${origin}/email-reenable?token=${token}`);
    expect(pageUrl(origin, 'reset-password-do')).toBe(`${origin}/reset-password/do`);
    expect(pageUrl(origin, 'mail-change/do')).toBe(`${origin}/mail-change/do`);
    expect(pageUrl(origin, 'mail-change/undo')).toBe(`${origin}/mail-change/undo`);
    expect(pageUrl(origin, 'transactions', { id: 'c0ffee-42' })).toBe(`${origin}/transactions/c0ffee-42`);
  });
});

describe('the lint rule against hand-typed page paths (amora/no-page-path)', () => {
  const eslint = new ESLint();
  /** The messages of the page-path rule for a snippet linted as a web or server source file. */
  const pagePathErrors = async (code: string, filePath = 'web/pages/example.page.tsx') => {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((m) => m.ruleId === 'amora/no-page-path');
  };

  it('fails on a page path typed as a string, a template or a redirect target, in the web and the server', async () => {
    const code = [
      "export const a = '/settings';",
      'export const b = (id: number) => `/chats/${id}`;',
      "export const c = (redirect: (to: string) => void) => redirect('/login');",
      'export const d = (origin: string) => `${origin}/activate`;',
    ].join('\n');
    expect(await pagePathErrors(code)).toHaveLength(3);
    expect(await pagePathErrors(code, 'server/modules/example/example.service.ts')).toHaveLength(3);
  });

  it('knows every page of common/routes.ts, and lets other paths be', async () => {
    const names = Object.keys(PAGE_ROUTES).filter((name) => name !== 'index') as TPageName[];
    const code = names.map((name, i) => `export const p${i} = '${PAGE_ROUTES[name]}';`).join('\n');
    const errors = await pagePathErrors(code);
    expect(errors.map((e) => names[e.line - 1])).toEqual(names);
    const others = ["'/'", "'/api/user.php'", "'/media/x.jpg'", "'/webhooks/payment'", "'/membership'"];
    expect(await pagePathErrors(others.map((s, i) => `export const o${i} = ${s};`).join('\n'))).toEqual([]);
  });
});
