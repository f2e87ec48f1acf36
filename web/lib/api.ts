import { createApiClient, type TApiClientOptions } from './api-client.ts';

let configured: TApiClientOptions = {};

/** The web app's API client; the root wires translation and logout handling once hydrated. */
export const api = createApiClient({
  translate: (code) => configured.translate?.(code),
  onAuthenticationRequired: () => configured.onAuthenticationRequired?.(),
});

/** Connects the client to the interface (translated messages, logout on authentication_required). */
export function configureApi(options: Pick<TApiClientOptions, 'translate' | 'onAuthenticationRequired'>): void {
  configured = options;
}
