import type { ReactNode } from 'react';

/** The warnings header of the default layout (spec §2): the place where account alerts stack (spec §4). */
export function WarningsHeader({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div className="warnings-header container mt-3" role="region" aria-live="polite">
      {children}
    </div>
  );
}
