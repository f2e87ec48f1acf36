import { createContext, useContext } from 'react';

/** The request's CSP nonce, provided by entry.server (browsers hide it after load, so the client has none). */
export const NonceContext = createContext<string | undefined>(undefined);

/** Reads the CSP nonce for inline scripts. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
