import { createContext, createElement, type ReactNode, startTransition, useContext, useEffect, useState } from 'react';

/** False during the server render and hydration; true from the transition that follows hydration. */
const HydratedContext = createContext(false);

/**
 * Wraps the hydrated app in the browser (web/entry.client.tsx). Its effect runs after every effect of the first
 * commit, and flips the value inside a transition: the components that read it (every button that needs
 * JavaScript) re-render in time-sliced chunks instead of one blocking task. `useSyncExternalStore` did this flip
 * synchronously, which re-rendered whole pages at once (issue 32: 560 ms at 4× CPU on a conversation). A Suspense
 * boundary still dehydrated when the value changes is hydrated first by React (context propagation), so server HTML
 * and first client render always agree. The server renders no provider: the default is false.
 */
export function HydrationProvider({ children }: { children: ReactNode }) {
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return createElement(HydratedContext.Provider, { value: isHydrated }, children);
}

/**
 * False during the server render and hydration, true once this page's handlers are attached (ARCHITECTURE: no click
 * is lost before hydration: controls that need JavaScript are disabled until this is true). Components mounted
 * later (client navigation) get true at once.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
