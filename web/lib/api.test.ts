import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatApi } from '#common/wire/chat.ts';
import { api, configureApi, whileLoggingOut } from './api.ts';

const signedOut = () =>
  new Response(JSON.stringify({ error: 'authentication_required' }), {
    status: 403,
    headers: { 'content-type': 'application/json' },
  });

describe('the web app client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    configureApi({});
  });

  it('does not send the tab to the login page for a call its own logout overtook, and does again afterwards', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => signedOut()),
    );
    const onAuthenticationRequired = vi.fn();
    configureApi({ onAuthenticationRequired });
    let overtaken = false;
    await whileLoggingOut(async () => {
      // A poll fired while the session ends: it never settles and calls nothing.
      void api.call(chatApi.list);
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      overtaken = true;
    });
    expect(overtaken).toBe(true);
    expect(onAuthenticationRequired).not.toHaveBeenCalled();
    void api.call(chatApi.list);
    await vi.waitFor(() => expect(onAuthenticationRequired).toHaveBeenCalledTimes(1));
  });
});
