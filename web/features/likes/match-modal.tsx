import { type ComponentProps, lazy, Suspense } from 'react';

export type { TMatchProfile } from './match-dialog.tsx';

/** The dialog and react-bootstrap's Modal are a chunk of their own, loaded when the first like or match shows it. */
const MatchDialog = lazy(() => import('./match-dialog.tsx'));

/** The match modal (spec §2), shown while rendered: see match-dialog.tsx (issue 32: not part of a page's first load). */
export function MatchModal(props: ComponentProps<typeof MatchDialog>) {
  return (
    <Suspense fallback={null}>
      <MatchDialog {...props} />
    </Suspense>
  );
}
