import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A dialog loaded when it first opens (issue 32): react-bootstrap's Modal, the dialog's form and its validation stay
 * out of what a page loads before it is interactive. Until `show` is first true it renders nothing; from then on it
 * stays mounted, so closing animates and opening again is instant.
 */
export function lazyDialog<P extends { show: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Dialog = lazy(load);
  return function LazyDialog(props: P) {
    const [wanted, setWanted] = useState(props.show);
    if (props.show && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
