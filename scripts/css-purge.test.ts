import fs from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import * as sass from 'sass-embedded';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupForm } from '#server/test/factories.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { asVisitor } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

// The production stylesheet is purged of rules for classes no source uses (scripts/css-purge.ts, issue 32). This
// proves the purge keeps every class the server-rendered pages use, visitor's and member's, and the classes that are
// only ever built at run time. Needs the built web app (`npx react-router build`, done by `npm test` first).

const ASSETS = path.resolve('build/client/assets');

/** Every class name a stylesheet's selectors mention. */
function classesOf(css: string): Set<string> {
  const classes = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    for (const m of rule.selector.matchAll(/\.((?:\\.|[\w-])+)/g)) classes.add(m[1].replace(/\\(.)/g, '$1'));
  });
  return classes;
}

/** The stylesheet before purging: web/styles/app.scss compiled as Vite compiles it. */
function fullCss(): string {
  return sass.compile('web/styles/app.scss', {
    loadPaths: ['node_modules', 'web/styles'],
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
    logger: sass.Logger.silent,
  }).css;
}

const builtCss = () => {
  const name = fs.readdirSync(ASSETS).find((f) => /^app-.*\.css$/.test(f));
  if (!name) throw new Error('no built stylesheet: run npx react-router build');
  return fs.readFileSync(path.join(ASSETS, name), 'utf8');
};

let t: TTestApp;
let full: Set<string>;
let built: Set<string>;
let builtText: string;
let fullText: string;
beforeAll(async () => {
  t = await buildTestApp({ web: true, demoProfiles: 8 });
  fullText = fullCss();
  builtText = builtCss();
  full = classesOf(fullText);
  built = classesOf(builtText);
});
afterAll(async () => {
  await t.close();
});

/** The class names used in a server-rendered page's markup. */
async function pageClasses(url: string, cookies: Record<string, string> = {}): Promise<string[]> {
  const res = await t.app.inject({ url, headers: { host: 'localhost' }, cookies });
  expect(res.statusCode, url).toBe(200);
  return [...res.body.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/).filter(Boolean));
}

describe('purged stylesheet', () => {
  it('is purged: markedly smaller than the compiled stylesheet', () => {
    expect(builtText.length).toBeLessThan(fullText.length * 0.7);
    expect(built.size).toBeLessThan(full.size * 0.7);
  });

  it('keeps every class the visitor and member pages render', async () => {
    const form = signupForm();
    expect((await asVisitor(t.app).call(accountsApi.signup, form)).status).toBe(200);
    const login = await asVisitor(t.app).call(accountsApi.login, { email: form.email, password: form.password });
    const session = { 'auth.session': login.cookies.find((c) => c.name === 'auth.session')!.value };
    const search = await t.app.inject({ url: '/members', headers: { host: 'localhost' } });
    const profile = /href="\/members\/(\d+)"/.exec(search.body)![1];
    const visitorPages = ['/', '/login', '/signup', '/members', `/members/${profile}`, '/landers/alonetonight'];
    const memberPages = ['/members', `/members/${profile}`, '/chats', '/likes', '/profile', '/settings', '/credits'];
    const missing = new Set<string>();
    let used = 0;
    for (const [urls, cookies] of [
      [visitorPages, {}],
      [memberPages, session],
    ] as const) {
      for (const url of urls) {
        for (const c of await pageClasses(url, cookies)) {
          if (!full.has(c)) continue;
          used += 1;
          if (!built.has(c)) missing.add(`${c} (${url})`);
        }
      }
    }
    expect(used).toBeGreaterThan(200);
    expect([...missing]).toEqual([]);
  });

  it('keeps the classes built at run time and the modal states react-bootstrap sets', () => {
    for (const c of ['btn-danger', 'btn-outline-primary', 'alert-success', 'alert-danger', 'text-bg-warning']) {
      expect(built.has(c), c).toBe(true);
    }
    for (const c of [
      'align-middle',
      'modal-backdrop',
      'modal-dialog-centered',
      'lander--alonetonight',
      'fade',
      'show',
    ]) {
      expect(built.has(c), c).toBe(true);
    }
  });

  it('drops what no source names', () => {
    // Bootstrap's utility API generates these; no page uses them.
    for (const c of ['row-cols-xl-auto', 'col-xl-7', 'offcanvas', 'table-striped']) {
      expect(full.has(c), `${c} exists before purging`).toBe(true);
      expect(built.has(c), c).toBe(false);
    }
  });
});
