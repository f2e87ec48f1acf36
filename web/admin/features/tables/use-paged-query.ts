import { useCallback, useEffect, useRef, useState } from 'react';
import { useAsyncAction } from '#web/lib/use-async-action.ts';

/**
 * A list loaded from the server for a query and a page (counted from 0): a new query starts again at the first page;
 * `refresh` loads the shown page again without blanking it (a retry, a timer).
 */
export function usePagedQuery<Q, R>(query: Q, fetchPage: (query: Q, pageIndex: number) => Promise<R>) {
  const load = useAsyncAction();
  const [shown, setShown] = useState({ query, pageIndex: 0 });
  // A new query object (applied filters) resets the page during render, so one load runs, not two.
  if (shown.query !== query) setShown({ query, pageIndex: 0 });
  const [data, setData] = useState<R | null>(null);
  const latestFetch = useRef(fetchPage);
  useEffect(() => {
    latestFetch.current = fetchPage;
  });
  const refresh = useCallback(
    () => void load.run(async () => setData(await latestFetch.current(shown.query, shown.pageIndex))),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load.run is stable
    [shown],
  );
  useEffect(() => {
    setData(null);
    refresh();
  }, [refresh]);
  const setPageIndex = (pageIndex: number) => setShown((old) => ({ ...old, pageIndex }));
  return { data, setData, error: load.error, busy: load.busy, pageIndex: shown.pageIndex, setPageIndex, refresh };
}
