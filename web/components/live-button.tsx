import type { ComponentProps } from 'react';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/**
 * A button that needs JavaScript: disabled in the server's HTML and until this page has hydrated (no click is lost),
 * then as `disabled` says. The hydration check lives in the button itself, so the re-render that enables it touches
 * only this button, not the page around it (a `useHydrated()` in a page component re-renders the whole page, its
 * lists included, once after hydration).
 */
export function LiveButton({ disabled, type = 'button', ...props }: ComponentProps<'button'>) {
  const isHydrated = useHydrated();
  return <button type={type} {...props} disabled={Boolean(disabled) || !isHydrated} />;
}
