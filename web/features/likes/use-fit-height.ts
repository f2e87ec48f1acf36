import { type RefObject, useEffect, useState } from 'react';

/** Smallest and largest photo of the swipe game, in px. */
const MIN_HEIGHT = 120;
const MAX_HEIGHT = 560;

/**
 * Where the screen ends for the page's content: the visual viewport's bottom, or the top of anything fixed or sticky
 * at the bottom edge (a tab bar, a cookie notice), whichever is higher.
 */
function screenBottom(): number {
  const bottom = window.visualViewport?.height ?? window.innerHeight;
  let end = bottom;
  for (const el of document.elementsFromPoint(window.innerWidth / 2, bottom - 2)) {
    const position = getComputedStyle(el).position;
    if (position === 'fixed' || position === 'sticky') end = Math.min(end, el.getBoundingClientRect().top);
  }
  return end;
}

/**
 * The height for an element so that it and `below` px under it end on the first screen, whatever stands above it
 * (banners, a note): measured in the browser after each layout change; null before (CSS decides on the server).
 */
export function useFitHeight(ref: RefObject<HTMLElement | null>, below: number): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useEffect(() => {
    const fit = () => {
      const el = ref.current;
      if (!el) return;
      // Its place in the document, so a page opened scrolled still gets the height the first screen allows.
      const top = el.getBoundingClientRect().top + window.scrollY;
      const next = Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, screenBottom() - top - below)));
      setHeight((now) => (now === next ? now : next));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(document.body);
    window.addEventListener('resize', fit);
    window.visualViewport?.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
      window.visualViewport?.removeEventListener('resize', fit);
    };
  }, [ref, below]);
  return height;
}
