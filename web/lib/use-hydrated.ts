import { useSyncExternalStore } from 'react';

// Nothing to subscribe to: the value only changes once, when React swaps the server snapshot for the client one.
const subscribe = () => () => {};
const onClient = () => true;
const onServer = () => false;

/**
 * False during the server render and hydration, true once this component's handlers are attached (ARCHITECTURE:
 * no click is lost before hydration: controls that need JavaScript are disabled until this is true).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribe, onClient, onServer);
}
