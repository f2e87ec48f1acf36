import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TRouteInfo } from '../app.ts';
import { activeMember, CLIENT, signupForm } from './factories.ts';
import { enrolledStaff } from './staff-client.ts';
import { buildTestApp, type TTestApp } from './test-app.ts';

// Sends hostile input to every route the app registers (enumerated from its route table, so a new route is covered
// without touching this file) and asserts that nothing answers 5xx: bad input is the client's error, never ours.

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type TJsonSchema = {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  items?: TJsonSchema;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
};

/** A JSON value written into the payload as is (numbers JSON.stringify cannot produce, prototype keys). */
class Raw {
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
}

const HUGE = 'A'.repeat(100_000);
const DEEP_OBJECT = JSON.parse('{"a":'.repeat(500) + '1' + '}'.repeat(500)) as unknown;

/** Hostile values for one field of a JSON body. */
const FIELD_VALUES: [string, unknown][] = [
  ['NUL byte', 'a\u0000b'],
  ['only NUL', '\u0000'],
  ['lone high surrogate', 'a\ud800b'],
  ['lone low surrogate', '\udc00'],
  ['100 KB string', HUGE],
  ['empty string', ''],
  ['numeric string beyond 2^53', '9007199254740993'],
  ['2^53 + 1', new Raw('9007199254740993')],
  ['-(2^53 + 1)', new Raw('-9007199254740993')],
  ['1e400', new Raw('1e400')],
  ['1e-400', new Raw('1e-400')],
  ['2^31', 2 ** 31],
  ['negative id', -1],
  ['zero', 0],
  ['fraction', 1.5],
  ['true', true],
  ['null', null],
  ['empty array', []],
  ['array of NUL', ['\u0000']],
  ['empty object', {}],
  ['nested object', DEEP_OBJECT],
  ['operator object', { $gt: '' }],
  ['__proto__ object', new Raw('{"__proto__":{"polluted":true}}')],
];

/** Hostile values for one query-string or path parameter (already URL-encoded). */
const PARAM_VALUES: [string, string][] = [
  ['NUL byte', 'a%00b'],
  ['lone surrogate as UTF-8', '%ED%A0%80'],
  ['overlong NUL', '%C0%80'],
  ['broken escape', '%zz%'],
  ['100 KB string', HUGE],
  ['empty', ''],
  ['beyond 2^53', '9007199254740993'],
  ['negative id', '-1'],
  ['fraction', '1.5'],
  ['1e400', '1e400'],
  ['NaN', 'NaN'],
  ['bracket syntax', 'x&__proto__[a]=1'],
  ['path traversal', '..%2F..%2Fetc%2Fpasswd'],
];

/** Hostile values for the cookies every request reads (session, language, country, tracking), as sent on the wire. */
const COOKIE_VALUES: [string, string][] = [
  ['encoded NUL', 'a%00b'],
  ['encoded lone surrogate', '%ED%A0%80'],
  ['broken escape', '%zz%'],
  ['100 KB', 'A'.repeat(100_000)],
];
const COOKIE_NAMES = ['auth.session', 'i18n_redirected', 'country', 'tracking'];

/** A field no schema names: most schemas drop it, so only the values that could hurt where one keeps it are sent. */
const UNKNOWN = 'unknown';
const FOR_UNKNOWN = /NUL|surrogate|100 KB|nested|__proto__|bracket/;

/** Whole bodies that are not what the route expects, as [content-type, payload]. */
const BODIES: [string, string, string][] = [
  ['malformed JSON', 'application/json', '{"a":'],
  ['not JSON', 'application/json', 'not json'],
  ['JSON string with NUL', 'application/json', '"\\u0000"'],
  ['JSON null', 'application/json', 'null'],
  ['JSON number beyond 2^53', 'application/json', '9007199254740993'],
  ['JSON array', 'application/json', '[1,2,3]'],
  ['deeply nested JSON', 'application/json', '['.repeat(5000) + ']'.repeat(5000)],
  ['__proto__ key', 'application/json', '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'],
  ['100 KB JSON string', 'application/json', JSON.stringify(HUGE)],
  ['UTF-16 charset', 'application/json; charset=utf-16', '{}'],
  ['text/plain', 'text/plain', '\u0000'],
  ['form with NUL', 'application/x-www-form-urlencoded', 'id=%00&a=%ED%A0%80'],
  ['multipart without boundary', 'multipart/form-data', '--x\r\n'],
  ['truncated multipart', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="photo"'],
  [
    'multipart field with NUL',
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="profile_id"\r\n\r\n\u0000\r\n--x--\r\n',
  ],
  ['unknown content type', 'application/x-fuzz', 'x'],
];

/** Candidate strings for a `pattern` the generator cannot invert. */
const PATTERN_CANDIDATES = ['NL', '52.37', `sbx_${'0'.repeat(24)}`, '1990-05-17', 'abc', '1'];

/** A plausible valid value for a JSON schema, so that one hostile field at a time gets past the others. */
function sample(s: TJsonSchema | undefined): unknown {
  if (!s) return 'fuzz';
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return sample(alternatives.find((a) => a.type !== 'null') ?? alternatives[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items));
    case 'integer':
    case 'number':
      return s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      if (s.format === 'email') return `fuzz-${randomUUID().slice(0, 8)}@example.com`;
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'date') return '1990-05-17';
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'uri') return 'https://example.com/';
      if (s.pattern) return PATTERN_CANDIDATES.find((c) => new RegExp(s.pattern!).test(c)) ?? 'fuzz';
      return 'f'.repeat(Math.max(4, s.minLength ?? 0));
  }
}

/** The input JSON schema of one part of a route (body, querystring or params), if it has a zod schema. */
function inputSchema(route: TRouteInfo, part: 'body' | 'querystring' | 'params'): TJsonSchema | undefined {
  const schema = route.schema?.[part];
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as TJsonSchema;
}

/** What plausible inputs refer to: another member to write to or report, a region of the profile's country. */
interface TFuzzContext {
  otherProfileId: number;
  regionCode: string;
}

/**
 * Plausible inputs for routes whose rules a schema-derived sample cannot meet (bodies validated inside the handler,
 * cross-field rules, references to existing rows), so that hostile values in one field reach the service and the
 * database. Every other route is covered from its schema alone.
 */
const BASELINES: Record<
  string,
  (c: TFuzzContext) => { body?: Record<string, unknown>; query?: Record<string, string> }
> = {
  'POST /api/signup.php': () => ({ body: signupForm() }),
  'POST /api/password-reset-do.php': () => ({
    body: { token: 'x'.repeat(43), password: 'correct horse', password_confirmation: 'correct horse' },
  }),
  'POST /api/complaint.php': () => ({
    body: { name: 'Fuzz', email: 'fuzz@example.com', topic: 'other', message: 'A complaint long enough.' },
  }),
  'POST /api/report.php': (c) => ({ body: { profile_id: c.otherProfileId, reason: 'other', message: 'fuzz' } }),
  'POST /api/chat.php': (c) => ({ body: { profile_id: c.otherProfileId, text: 'Hello' } }),
  'PUT /api/profile.php': (c) => ({
    body: {
      gender: 'male',
      sexuality: 'hetero',
      hair_color: null,
      eye_color: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
      height_cm: 180,
      about_me: 'About me',
      interests: [],
      country: 'NL',
      region_code: c.regionCode,
      city: 'Amsterdam',
    },
  }),
  'POST /api/directdebit.php': () => ({
    body: {
      package_id: 1,
      account_holder: 'Fuzz Tester',
      iban: 'AT611904300234573201',
      street: 'Ring',
      house_number: '1',
      zip: '1010',
      city: 'Wien',
      phone: '+43 664 1234567',
      consent: true,
    },
  }),
  'POST /api/directdebit-confirm.php': () => ({ body: { request_id: randomUUID(), otp: '123456' } }),
  'GET /api/discountcode.php': () => ({ query: { code: 'WELCOME', welcome: 'true' } }),
};

/** JSON text of a payload, with Raw values spliced in. */
function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Raw) {
      raws.push(v.json);
      return `__raw_${raws.length - 1}__`;
    }
    return v;
  });
  return text.replace(/"__raw_(\d+)__"/g, (_m, i: string) => raws[Number(i)]);
}

interface TCase {
  label: string;
  request: InjectOptions;
}

/** Every hostile request for one route; the caller adds our client's headers and, for a member, the session. */
function casesFor(route: TRouteInfo, context: TFuzzContext): TCase[] {
  const cases: TCase[] = [];
  const bodySchema = inputSchema(route, 'body');
  const querySchema = inputSchema(route, 'querystring');
  const paramsSchema = inputSchema(route, 'params');
  const key = `${route.method} ${route.url}`;

  const paramNames = [...route.url.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');
  const validParams = Object.fromEntries(
    paramNames.map((name) => [name, String(sample(paramsSchema?.properties?.[name]) ?? 'fuzz')]),
  );
  const urlFor = (params: Record<string, string>, query = '') =>
    route.url.replace(/:(\w+)|\*/g, (_m, name?: string) => params[name ?? '*']) + (query ? `?${query}` : '');
  const baseline = BASELINES[key]?.(context) ?? {};
  const validQuery = new URLSearchParams(
    baseline.query ??
      (querySchema
        ? Object.entries(sample(querySchema) as Record<string, unknown>).map(([k, v]) => [k, String(v)])
        : []),
  ).toString();
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  const baseBody = baseline.body ?? (bodySchema ? (sample(bodySchema) as Record<string, unknown>) : {});
  const jsonRequest = (label: string, body: unknown, url = urlFor(validParams, validQuery)): TCase => ({
    label,
    request: {
      method: route.method as InjectOptions['method'],
      url,
      ...(hasBody ? { payload: toJson(body), headers: { 'content-type': 'application/json' } } : {}),
    },
  });

  cases.push(jsonRequest('plausible input', baseBody));
  if (hasBody) {
    for (const [label, contentType, payload] of BODIES) {
      cases.push({
        label: `body: ${label}`,
        request: {
          method: route.method as InjectOptions['method'],
          url: urlFor(validParams, validQuery),
          payload,
          headers: { 'content-type': contentType },
        },
      });
    }
    const fields = new Set([...Object.keys(baseBody), ...Object.keys(bodySchema?.properties ?? {}), UNKNOWN]);
    for (const field of fields) {
      for (const [label, value] of field === UNKNOWN
        ? FIELD_VALUES.filter(([l]) => FOR_UNKNOWN.test(l))
        : FIELD_VALUES) {
        cases.push(jsonRequest(`body.${field}: ${label}`, { ...baseBody, [field]: value }));
      }
    }
  }
  const queryFields = new Set([...Object.keys(querySchema?.properties ?? {}), UNKNOWN]);
  for (const field of queryFields) {
    for (const [label, value] of field === UNKNOWN ? PARAM_VALUES.filter(([l]) => FOR_UNKNOWN.test(l)) : PARAM_VALUES) {
      const query = new URLSearchParams(validQuery);
      query.delete(field);
      const rest = query.toString();
      cases.push(jsonRequest(`query.${field}: ${label}`, baseBody, urlFor(validParams, `${rest}&${field}=${value}`)));
    }
    cases.push(jsonRequest(`query.${field}: repeated`, baseBody, urlFor(validParams, `${field}=1&${field}=2`)));
  }
  for (const name of paramNames) {
    for (const [label, value] of PARAM_VALUES) {
      cases.push(jsonRequest(`params.${name}: ${label}`, baseBody, urlFor({ ...validParams, [name]: value })));
    }
  }
  for (const [label, value] of COOKIE_VALUES) {
    const plausible = jsonRequest(`cookies: ${label}`, baseBody);
    const cookie = COOKIE_NAMES.map((name) => `${name}=${value}`).join('; ');
    cases.push({ ...plausible, request: { ...plausible.request, headers: { ...plausible.request.headers, cookie } } });
  }
  return cases;
}

/** Runs tasks with at most `limit` in flight (the database is the bottleneck, not the event loop). */
async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

describe('API fuzz', () => {
  it('answers hostile input on every route with a 4xx, never a 5xx, and /readyz stays 200', async ({ annotate }) => {
    const routes = t.app.routeCatalog.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(routes.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThan(40);
    let member = await activeMember(t);
    const owner = await enrolledStaff(t, 'owner');
    const other = await activeMember(t, { gender: 'female', looking_for: 'male' });
    const regions = (await t.app.inject({ url: '/api/regions.php' })).json() as {
      country: string;
      regions: { code: string }[];
    }[];
    const context: TFuzzContext = {
      otherProfileId: other.user.profile.id,
      regionCode: regions.find((r) => r.country === 'NL')!.regions[0].code,
    };
    const failures: string[] = [];
    const gaps: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const cases = casesFor(route, context);
      const multipartRoute = ((route.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes(
        'multipart/form-data',
      );
      // Console routes refuse visitors and members before reading anything (console-access.test.ts): they are fuzzed
      // as an owner, who may call every one of them, and the login steps as a visitor.
      const consoleRoute = route.url.startsWith('/api/admin/');
      const callers = consoleRoute
        ? route.staff?.roles === 'public'
          ? ['visitor']
          : ['owner']
        : ['visitor', 'member'];
      for (const as of callers) {
        await inParallel(cases, 4, async ({ label, request }) => {
          const res = await t.app.inject({
            ...request,
            headers: { ...CLIENT, ...request.headers },
            cookies: as === 'member' ? member.cookie : as === 'owner' ? owner.cookie : {},
          });
          sent += 1;
          // The errors plugin answers a value the database refused with a bare invalid_request (no field issues):
          // a NUL byte must be refused by the route's schema (zText) before it gets that far.
          if (
            /^(body|query)\.\w+: .*NUL/.test(label) &&
            !multipartRoute &&
            res.statusCode === 400 &&
            /^\{"error":"invalid_request","message":"[^"]*"\}$/.test(res.body)
          ) {
            gaps.push(`${route.method} ${route.url}, ${label}`);
          }
          if (res.statusCode >= 500) {
            failures.push(
              `${route.method} ${route.url} as ${as}, ${label}: ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          }
        });
        const ready = await t.app.inject({ url: '/readyz' });
        sent += 1;
        if (ready.statusCode !== 200) failures.push(`/readyz answered ${ready.statusCode} after ${route.url}`);
        // A case may have ended the session (logout, deletion): later routes get a member again.
        const me = await t.app.inject({ url: '/api/user.php', headers: CLIENT, cookies: member.cookie });
        if (me.statusCode !== 200) member = await activeMember(t);
      }
    }
    // The figures go into the test report (vitest annotation) rather than onto the terminal.
    await annotate(`API fuzz: ${sent} requests to ${routes.length} routes, ${failures.length} server errors`);
    expect(failures).toEqual([]);
    expect([...new Set(gaps)]).toEqual([]);
  }, 420_000);
});
