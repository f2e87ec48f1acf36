import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEndpoint } from '#common/endpoint.ts';
import { accountChangesApi, accountsApi } from '#common/wire/accounts.ts';
import { analyticsApi } from '#common/wire/analytics.ts';
import { chatApi } from '#common/wire/chat.ts';
import { consentsApi } from '#common/wire/consents.ts';
import { dataExportApi } from '#common/wire/data-export.ts';
import { geoApi } from '#common/wire/geo.ts';
import { likesApi } from '#common/wire/likes.ts';
import { notificationsApi } from '#common/wire/notifications.ts';
import { paymentsApi } from '#common/wire/payments.ts';
import { photosApi } from '#common/wire/photos.ts';
import { profilesApi } from '#common/wire/profiles.ts';
import { reportsApi } from '#common/wire/reports.ts';
import { searchApi } from '#common/wire/search.ts';
import { sessionsApi } from '#common/wire/sessions.ts';
import { referenceApi, sitesApi } from '#common/wire/settings-api.ts';
import { buildTestApp, type TTestApp } from './test-app.ts';

/** Every endpoint descriptor of common/wire/. */
const ENDPOINTS: TEndpoint[] = [
  accountsApi,
  accountChangesApi,
  analyticsApi,
  chatApi,
  consentsApi,
  dataExportApi,
  geoApi,
  likesApi,
  notificationsApi,
  paymentsApi,
  photosApi,
  profilesApi,
  reportsApi,
  searchApi,
  sessionsApi,
  sitesApi,
  referenceApi,
].flatMap((api) => Object.values(api));

/** The router constraint push.routes.ts adds for `?push=1`. */
const constraintsOf = (endpoint: TEndpoint) =>
  endpoint.fixedQuery?.push ? { pushQuery: endpoint.fixedQuery.push } : {};

/** Method, path and fixed query: what tells one endpoint from another. */
const keyOf = (endpoint: TEndpoint) =>
  `${endpoint.method} ${endpoint.path}${endpoint.fixedQuery ? `?${new URLSearchParams(endpoint.fixedQuery)}` : ''}`;

/** The `/api/*.php` routes of the app with their methods, read from Fastify's route tree. */
function registeredApiRoutes(app: TTestApp['app']): Set<string> {
  const keys = new Set<string>();
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /(\/api\/[\w-]+\.php) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    for (const method of match[2].split(', ')) if (method !== 'HEAD') keys.add(`${method} ${match[1]}`);
  }
  return keys;
}

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('endpoint descriptors', () => {
  it('name each method, path and fixed query once', () => {
    const keys = ENDPOINTS.map(keyOf);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('are each registered by the app', () => {
    const missing = ENDPOINTS.filter(
      (endpoint) =>
        !t.app.hasRoute({ method: endpoint.method, url: endpoint.path, constraints: constraintsOf(endpoint) }),
    );
    expect(missing.map(keyOf)).toEqual([]);
    // The check can fail: a route the app lacks, or a fixed query it does not tell apart, is not found.
    expect(t.app.hasRoute({ method: 'PATCH', url: accountsApi.current.path })).toBe(false);
    expect(t.app.hasRoute({ method: 'POST', url: accountsApi.current.path, constraints: { pushQuery: '2' } })).toBe(
      false,
    );
  });

  it('cover every /api/*.php route the app registers', () => {
    const described = new Set(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    const registered = registeredApiRoutes(t.app);
    expect(registered.size).toBeGreaterThanOrEqual(described.size);
    expect([...registered].filter((key) => !described.has(key))).toEqual([]);
  });
});
