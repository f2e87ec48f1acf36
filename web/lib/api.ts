import { createApiClient, type TApiClientOptions } from './api-client.ts';

let configured: TApiClientOptions = {};
let loggingOut = false;

/** The web app's API client; the root wires translation and logout handling once hydrated. */
export const api = createApiClient({
  translate: (code) => configured.translate?.(code),
  onAuthenticationRequired: () => {
    if (!loggingOut) configured.onAuthenticationRequired?.();
  },
});

/**
 * Runs this tab's own logout. A call the session's end overtakes (a poll or a resync timer that fires meanwhile) is
 * answered `authentication_required`; that is the logout's own doing, not a reason to send the tab to the login page
 * while the logout takes it to the home page.
 */
export async function whileLoggingOut<T>(run: () => Promise<T>): Promise<T> {
  loggingOut = true;
  try {
    return await run();
  } finally {
    loggingOut = false;
  }
}

/** Connects the client to the interface (translated messages, logout on authentication_required). */
export function configureApi(options: Pick<TApiClientOptions, 'translate' | 'onAuthenticationRequired'>): void {
  configured = options;
}
