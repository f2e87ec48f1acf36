import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineEndpoint } from '#common/endpoint.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { chatApi } from '#common/wire/chat.ts';
import { ApiError, createApiClient } from './api-client.ts';

/** A read of the tests' own (idempotent, so retried) at a path. */
const read = (path: `/api/${string}`) =>
  defineEndpoint({ method: 'GET', path, summary: 'test read', tags: [], response: z.unknown() });
/** A write of the tests' own (retried only with an idempotency key). */
const write = defineEndpoint({
  method: 'POST',
  path: '/api/x.php',
  summary: 'test write',
  tags: [],
  body: z.object({}),
  response: z.unknown(),
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  it('retries an idempotent call 5 times with exponential delay', async () => {
    const fetch = vi.fn(async () => json(503, { error: 'service_unavailable', message: 'down' }));
    const delays: number[] = [];
    const api = createApiClient({ fetch, sleep: async (ms) => void delays.push(ms), baseDelayMs: 100 });
    await expect(api.call(read('/api/settings.php'))).rejects.toMatchObject({
      code: 'service_unavailable',
      status: 503,
    });
    expect(fetch).toHaveBeenCalledTimes(6);
    expect(delays).toEqual([100, 200, 400, 800, 1600]);
  });

  it('never retries a POST without an idempotency key, but does with one', async () => {
    const fetch = vi.fn(async () => json(500, { error: 'error_occurred' }));
    const api = createApiClient({ fetch, sleep: async () => {} });
    await expect(api.call(write, {})).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(1);
    fetch.mockClear();
    await expect(api.call(write, {}, { idempotencyKey: 'k1' })).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(6);
    const headers = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers['idempotency-key']).toBe('k1');
  });

  it('answers at once a 429 that opens again only much later (a daily cap), but retries a short one', async () => {
    const refusal = (seconds: number) =>
      new Response(JSON.stringify({ error: 'daily_limit_reached', message: 'tomorrow' }), {
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': String(seconds) },
      });
    const fetch = vi.fn(async () => refusal(36_000));
    const api = createApiClient({ fetch, sleep: async () => {} });
    await expect(api.call(chatApi.send, { profile_id: 1, text: 'hi' }, { idempotencyKey: 'k2' })).rejects.toMatchObject(
      {
        code: 'daily_limit_reached',
        status: 429,
      },
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    fetch.mockImplementation(async () => refusal(2));
    fetch.mockClear();
    await expect(
      api.call(chatApi.send, { profile_id: 1, text: 'hi' }, { idempotencyKey: 'k3' }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(6);
  });

  it('succeeds after a transient failure and sends the client-request header', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValueOnce(json(200, { ok: 1 }));
    const api = createApiClient({ fetch, sleep: async () => {} });
    await expect(api.call(chatApi.list)).resolves.toEqual({ ok: 1 });
    const headers = (fetch.mock.calls[1] as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers['x-requested-with']).toBe('amora');
  });

  it('maps error codes to translated messages', async () => {
    const fetch = vi.fn(async () => json(400, { error: 'invalid_request', message: 'server text' }));
    const api = createApiClient({ fetch, translate: (code) => (code === 'invalid_request' ? 'Ongeldig' : undefined) });
    await expect(api.call(read('/api/x.php'))).rejects.toMatchObject({ message: 'Ongeldig', code: 'invalid_request' });
  });

  it('logs out and swallows a 403 authentication_required, except from the user endpoint', async () => {
    const fetch = vi.fn(async () => json(403, { error: 'authentication_required' }));
    const onAuthenticationRequired = vi.fn();
    const api = createApiClient({ fetch, onAuthenticationRequired });
    const swallowed = api.call(chatApi.list);
    const outcome = await Promise.race([
      swallowed.then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((r) => setTimeout(() => r('pending'), 50)),
    ]);
    expect(outcome).toBe('pending');
    expect(onAuthenticationRequired).toHaveBeenCalledTimes(1);
    await expect(api.call(accountsApi.current)).rejects.toMatchObject({ code: 'authentication_required' });
    expect(onAuthenticationRequired).toHaveBeenCalledTimes(1);
  });

  it('navigates the window for an external redirect', async () => {
    const navigateExternal = vi.fn();
    const fetch = vi.fn(async () => json(200, { redirect: 'https://psp.example/checkout/1' }));
    await createApiClient({ fetch, navigateExternal }).call(read('/api/payments.php'));
    expect(navigateExternal).toHaveBeenCalledWith('https://psp.example/checkout/1');
  });

  it('sends a GET endpoint its input as the query, after its fixed query, and a POST its input as the JSON body', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    const api = createApiClient({ fetch });
    await api.call(chatApi.page, { conversation_id: 7, before: 3 });
    await api.call(chatApi.send, { profile_id: 1, text: 'hi' });
    const [[pageUrl, pageInit], [sendUrl, sendInit]] = fetch.mock.calls as unknown as [string, RequestInit][];
    expect([pageUrl, pageInit.method, pageInit.body]).toEqual([
      '/api/chat.php?conversation_id=7&before=3',
      'GET',
      undefined,
    ]);
    expect([sendUrl, sendInit.method, JSON.parse(String(sendInit.body))]).toEqual([
      '/api/chat.php',
      'POST',
      { profile_id: 1, text: 'hi' },
    ]);
  });
});
