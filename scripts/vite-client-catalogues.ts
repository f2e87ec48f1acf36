import type { Plugin } from 'vite';

/**
 * Catalogue entries only the server uses: email texts and the texts of push notifications, composed where they are
 * sent. The browser's catalogue leaves them out (issue 32: a fifth of every catalogue); web/ must not use them
 * (scripts/vite-client-catalogues.test.ts checks).
 */
export const SERVER_ONLY_KEYS = ['email', 'notifications.email', 'notifications.push'] as const;

type TTree = Record<string, unknown>;

/** The catalogue without the server-only entries (a copy; the input is left as it is). */
export function clientCatalogue(catalogue: TTree): TTree {
  const copy = structuredClone(catalogue);
  for (const key of SERVER_ONLY_KEYS) {
    const path = key.split('.');
    const last = path.pop()!;
    let node: unknown = copy;
    for (const part of path) node = (node as TTree | undefined)?.[part];
    if (node && typeof node === 'object') delete (node as TTree)[last];
  }
  return copy;
}

/** The locale catalogues of the browser build without the server-only entries. */
export function clientCatalogues(): Plugin {
  return {
    name: 'amora-client-catalogues',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    transform(code, id) {
      if (!/\/locales\/[a-z]{2}\.json$/.test(id)) return null;
      return { code: JSON.stringify(clientCatalogue(JSON.parse(code) as TTree)), map: null };
    },
  };
}
