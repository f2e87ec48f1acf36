import { useEffect } from 'react';

/** Routes of the default layout that are a full-height chat screen: no footer, only their panes scroll. */
export const CHAT_SCREENS: ReadonlySet<string> = new Set(['chats', 'chats-id']);

/**
 * Keeps the chat screen the height of what is visible: the on-screen keyboard shrinks `visualViewport`, not the
 * layout viewport, so the screen follows it (CSS variable --chat-vh) and the composer stays above the keyboard.
 */
export function useVisualViewportHeight(): void {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const apply = () => {
      root.style.setProperty('--chat-vh', `${Math.round(viewport.height)}px`);
      // Some browsers scroll the page up to show the focused field; the screen is already where it should be.
      if (window.scrollY) window.scrollTo(0, 0);
    };
    apply();
    viewport.addEventListener('resize', apply);
    return () => {
      viewport.removeEventListener('resize', apply);
      root.style.removeProperty('--chat-vh');
    };
  }, []);
}
