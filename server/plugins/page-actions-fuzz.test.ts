import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_BODY_MAX } from '#common/constants.ts';
import { SESSION_COOKIE } from '#common/session-cookie.ts';
import { accountTokens, consents, loginAttempts, mailbox, profiles, sessions, users } from '../db/schema/index.ts';
import { serverT } from '../lib/i18n.ts';
import { buildMember, CLIENT, signupForm, type TTestMember } from '../test/factories.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';
import routeConfig from '#web/routes.ts';

// Every page form action, through the real app (needs `npx react-router build`): whatever body
// arrives — not a form, a cut-off form, control characters, oversized fields — the answer is never a 5xx, no session
// cookie is issued and nothing is stored. The actions are read from web/routes.ts and their modules, so a new action is
// covered without touching this file; the fields each one is sent are those its module (and the form components it
// imports) names.

const WEB = path.resolve('web');

/** A page action: its URL, the fields it is sent, and whether only a member reaches it (a visitor is sent to log in). */
type TAction = { url: string; fields: string[]; isMemberOnly: boolean };

/** The files a page module imports from web/ (its form components), one level deep. */
function importedSources(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  return [...source.matchAll(/from '((?:\.|#web\/)[^']+\.tsx?)'/g)]
    .map((m) => (m[1].startsWith('#web/') ? path.join(WEB, m[1].slice(5)) : path.resolve(path.dirname(file), m[1])))
    .filter((f) => f.startsWith(WEB) && fs.existsSync(f));
}

/** The field names a page's form and action use: `name="…"`, `name: '…'`, `form.get('…')`, schema keys. */
function fieldNames(file: string): string[] {
  const names = new Set<string>();
  for (const f of [file, ...importedSources(file)]) {
    const source = fs.readFileSync(f, 'utf8');
    for (const re of [
      /\bname="([a-z_]+)"/g,
      /\bname: '([a-z_]+)'/g,
      /\.get(?:All)?\('([a-z_]+)'\)/g,
      /\b([a-z_]+): (?:zText|ZEmail|ZPassword|z\.)/g,
    ]) {
      for (const m of source.matchAll(re)) names.add(m[1]);
    }
  }
  return [...names];
}

/** A route of web/routes.ts: its path (none for an index or a layout), its module and its nested routes. */
type TRouteEntry = { path?: string; file: string; children?: TRouteEntry[] };

/** Every route of the config, layouts' children included. */
const allRoutes = (entries: TRouteEntry[]): TRouteEntry[] =>
  entries.flatMap((entry) => [entry, ...allRoutes(entry.children ?? [])]);

/** Every route of web/routes.ts whose module exports an action, with a URL for it (params filled, optional ones left out). */
function pageActions(): TAction[] {
  const actions = new Map<string, TAction>();
  for (const { path: routePath, file: module } of allRoutes(routeConfig as TRouteEntry[])) {
    if (routePath === undefined || routePath === '*') continue;
    const file = path.join(WEB, module);
    if (!/^export (async )?function action\b|^export const action\b/m.test(fs.readFileSync(file, 'utf8'))) continue;
    const url = `/${routePath.replace(/\/:[a-z]+\?/g, '').replace(/:[a-z]+/g, '1')}`;
    const isMemberOnly = /\brequireMember\(/.test(fs.readFileSync(file, 'utf8'));
    actions.set(url, { url, fields: fieldNames(file), isMemberOnly });
  }
  return [...actions.values()];
}

const ACTIONS = pageActions();

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let r = Math.imul(s ^ (s >>> 15), 1 | s);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

/** Random bytes written as url-encoded garbage: stray `%`, `&`, `=`, `+`, invalid escapes and raw high bytes. */
function garbage(next: () => number, length: number): Buffer {
  const alphabet = Buffer.from('%%&&==++;azAZ09_-.\u0000\t\r\n ', 'latin1');
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    bytes[i] = next() < 0.7 ? alphabet[Math.floor(next() * alphabet.length)] : Math.floor(next() * 256);
  }
  return bytes;
}

type TBody = { name: string; contentType?: string; payload?: string | Buffer };

const CONTROL = [...Array(32).keys(), 127].map((c) => String.fromCharCode(c)).join('');
const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = 'application/x-www-form-urlencoded';

/** Every kind of body sent to every action. */
function bodies(fields: string[]): TBody[] {
  const all = [...new Set([...fields, 'token', 'email', 'password'])];
  const filled = <T>(value: (field: string) => T) => Object.fromEntries(all.map((f) => [f, value(f)]));
  const boundary = '----fuzzboundary7MA4YWxkTrZu0gW';
  const multipart = (fieldsOf: Record<string, string>) =>
    Object.entries(fieldsOf)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  const next = random(28);
  const list: TBody[] = [
    { name: 'no body' },
    { name: 'empty form', contentType: FORM, payload: '' },
    { name: 'JSON {}', contentType: 'application/json', payload: '{}' },
    { name: 'JSON array', contentType: 'application/json', payload: '[1,2]' },
    { name: 'JSON null', contentType: 'application/json', payload: 'null' },
    { name: 'JSON cut off', contentType: 'application/json', payload: '{"email":"a@' },
    { name: 'JSON fields', contentType: 'application/json', payload: JSON.stringify(filled(() => 'x')) },
    { name: 'JSON with NUL', contentType: 'application/json', payload: JSON.stringify(filled(() => 'a\u0000b')) },
    { name: 'JSON with numbers', contentType: 'application/json', payload: JSON.stringify(filled(() => 1e308)) },
    {
      name: 'JSON signup with NUL in every field',
      contentType: 'application/json',
      payload: JSON.stringify(
        Object.fromEntries(Object.entries(signupForm()).map(([k, v]) => [k, typeof v === 'string' ? `${v}\u0000` : v])),
      ),
    },
    { name: 'text/plain', contentType: 'text/plain', payload: 'email=a@example.com&password=x' },
    { name: 'octet-stream', contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255]) },
    { name: 'multipart without boundary', contentType: 'multipart/form-data', payload: multipart({ token: 'x' }) },
    {
      name: 'multipart cut off',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: multipart(filled(() => 'x')).slice(0, 60),
    },
    {
      name: 'multipart with a file',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="${all[0]}"; filename="a.txt"\r\n` +
        `Content-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
    },
    {
      name: 'multipart with NUL in every field',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload: multipart(filled(() => 'x\u0000y')),
    },
    {
      name: 'form with an unknown charset',
      contentType: `${FORM}; charset=utf-16`,
      payload: urlencoded(filled(() => 'x')),
    },
    { name: 'form with invalid escapes', contentType: FORM, payload: all.map((f) => `${f}=%zz%E0%A4%A`).join('&') },
    { name: 'form with a lone surrogate', contentType: FORM, payload: all.map((f) => `${f}=%ED%A0%80`).join('&') },
    {
      name: 'form with control characters in every field',
      contentType: FORM,
      payload: urlencoded(filled(() => CONTROL)),
    },
    {
      name: 'form with repeated fields',
      contentType: FORM,
      payload: all.flatMap((f) => [`${f}=a`, `${f}=b`, `${f}=`]).join('&'),
    },
    {
      name: 'form with 5,000-character fields',
      contentType: FORM,
      payload: urlencoded(filled(() => 'é'.repeat(5000))),
    },
    {
      name: 'form over the body limit',
      contentType: FORM,
      payload: urlencoded({ [all[0]]: 'a'.repeat(PAGE_BODY_MAX + 1) }),
    },
  ];
  for (const field of all) {
    list.push({
      name: `form with NUL in ${field}`,
      contentType: FORM,
      payload: urlencoded(filled((f) => (f === field ? 'me\u0000@example.com' : 'x'))),
    });
  }
  for (let i = 0; i < 8; i++) {
    list.push({
      name: `url-encoded garbage #${i}`,
      contentType: FORM,
      payload: garbage(next, 1 + Math.floor(next() * 600)),
    });
  }
  return list;
}

let t: TTestApp;
let member: TTestMember;
beforeAll(async () => {
  t = await buildTestApp({ web: true });
  member = await buildMember(t);
});
afterAll(async () => {
  await t.close();
});

/** What a stray request could change: accounts, profiles, sessions, emailed links, consents and sent mail. */
async function snapshot() {
  const { db } = t.services.database;
  await t.services.settleJobs();
  return JSON.stringify(
    await Promise.all([
      db.select().from(users).orderBy(users.id),
      db.select().from(profiles).orderBy(profiles.id),
      db.select().from(sessions).orderBy(sessions.createdAt),
      db.select().from(accountTokens).orderBy(accountTokens.id),
      db.select().from(consents).orderBy(consents.id),
      db.select().from(mailbox).orderBy(mailbox.id),
    ]),
  );
}

/** Posts a body to a page action from the site's own origin (React Router refuses any other). */
const post = (url: string, body: TBody, cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      host: 'localhost',
      origin: 'http://localhost',
      ...(body.contentType ? { 'content-type': body.contentType } : {}),
    },
    ...(body.payload === undefined ? {} : { payload: body.payload }),
    cookies,
  });

const en = serverT('en');
const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('page form actions under hostile bodies', () => {
  it('finds the page actions in web/routes.ts', () => {
    const urls = ACTIONS.map((a) => a.url);
    for (const url of ['/login', '/signup', '/reset-password/do', '/profile', '/lang-config'])
      expect(urls).toContain(url);
    for (const a of ACTIONS) expect(a.fields.length, a.url).toBeGreaterThan(0);
  });

  it.each(ACTIONS)('$url: never a 5xx, no session issued, nothing stored', async ({ url, fields, isMemberOnly }) => {
    const before = await snapshot();
    const failures: string[] = [];
    // A member page is fuzzed as its member: a visitor is sent to log in before the body is read.
    const cookies = isMemberOnly ? member.cookie : {};
    for (const target of [url, `${url}.data`]) {
      for (const body of bodies(fields)) {
        const res = await post(target, body, cookies);
        const what = `${target} ${body.name}`;
        if (res.statusCode >= 500) failures.push(`${what}: ${res.statusCode}`);
        const setCookies = [res.headers['set-cookie'] ?? []].flat().map(String);
        if (setCookies.some((c) => c.startsWith(`${SESSION_COOKIE}=`))) failures.push(`${what}: session cookie`);
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toBe(before);
    // What no page sends is refused as an invalid submission (the data request answers the action alone).
    const refused = await post(`${url}.data`, { name: 'text', contentType: 'text/plain', payload: 'x' }, cookies);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('invalid_request');
  });

  it('answers a JSON body on the login form with the page and its localized "invalid" message', async () => {
    const res = await post('/login', { name: 'JSON', contentType: 'application/json', payload: '{}' }, {});
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(decode(res.body)).toContain(en('errors.invalid_request'));
    expect(decode(res.body)).toContain(en('auth.login.submit'));
  });

  it('refuses a NUL in the login form like the API: 400, and the address never reaches the database', async () => {
    const attempts = async () => (await t.services.database.db.select().from(loginAttempts)).length;
    const before = await attempts();
    const payload = urlencoded({ email: `${member.form.email}\u0000`, password: String(member.form.password) });
    const res = await post('/login', { name: 'NUL', contentType: FORM, payload });
    expect(res.statusCode).toBe(400);
    expect(decode(res.body)).toContain(en('errors.invalid_request'));
    expect(await attempts()).toBe(before);
  });

  it('refuses a form body on the signup action (it reads JSON) with 400', async () => {
    const fields = Object.fromEntries(Object.entries(signupForm()).map(([k, v]) => [k, String(v)]));
    const res = await post('/signup.data', { name: 'form', contentType: FORM, payload: urlencoded(fields) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('invalid_request');
  });

  it('refuses a body over PAGE_BODY_MAX before reading it (413)', async () => {
    const res = await post('/login', { name: 'big', contentType: FORM, payload: 'a'.repeat(PAGE_BODY_MAX + 1) });
    expect(res.statusCode).toBe(413);
  });

  it('still logs in with a well-formed form (url-encoded and multipart)', async () => {
    const fields = { email: String(member.form.email), password: String(member.form.password) };
    const urlForm = await post('/login', { name: 'form', contentType: FORM, payload: urlencoded(fields) });
    expect(urlForm.statusCode).toBe(302);
    expect(urlForm.headers.location).toBe('/members');
    const boundary = 'b0undary';
    const payload =
      Object.entries(fields)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}--\r\n`;
    const multipart = await post('/login', {
      name: 'multipart',
      contentType: `multipart/form-data; boundary=${boundary}`,
      payload,
    });
    expect(multipart.statusCode).toBe(302);
    expect([multipart.headers['set-cookie']].flat().join()).toContain(`${SESSION_COOKIE}=`);
  });

  it('still signs up with the JSON the signup form sends', async () => {
    const form = signupForm();
    const res = await post('/signup.data', {
      name: 'JSON',
      contentType: 'application/json',
      payload: JSON.stringify(form),
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('done');
    const [created] = await t.services.database.db.select().from(users).where(eq(users.email, form.email));
    expect(created).toBeDefined();
  });

  it('still saves the profile form, every ticked interest included', async () => {
    const other = await buildMember(t);
    const payload = new URLSearchParams([
      ['gender', 'female'],
      ['hair_color', 'red'],
      ['eye_color', ''],
      ['body_type', ''],
      ['relationship_status', 'single'],
      ['tattoos', ''],
      ['height_cm', '172'],
      ['about_me', 'Loves hiking.'],
      ['interests', 'hiking'],
      ['interests', 'coffee'],
      ['country', 'NL'],
      ['region_code', 'NH'],
      ['city', 'Haarlem'],
    ]).toString();
    const res = await post('/profile.data', { name: 'profile', contentType: FORM, payload }, other.cookie);
    expect(res.statusCode).toBe(200);
    const mine = await t.app.inject({ url: '/api/profile.php', headers: CLIENT, cookies: other.cookie });
    expect(mine.json().profile).toMatchObject({
      hair_color: 'red',
      eye_color: null,
      height_cm: 172,
      about_me: 'Loves hiking.',
      interests: ['hiking', 'coffee'],
      city: 'Haarlem',
    });
  });
});
