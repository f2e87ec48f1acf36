import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminMembersApi, type TMemberList, type TMemberLists } from '#common/wire/admin/members.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

type TRow<K extends TMemberList> = TMemberLists[K]['rows'][number];

/**
 * One long list of a member's page: the newest rows the page came with, how many there are in all, and "show more"
 * for the next page from the server. Remount it (a new `key`) when the page reloads its data.
 */
export function MemberList<K extends TMemberList>(props: {
  userId: number;
  list: K;
  title: string;
  first: TMemberLists[K];
  row: (row: TRow<K>, index: number) => ReactNode;
  /** Lines shown after the rows (the push devices under the sessions). */
  after?: ReactNode;
}) {
  const { userId, list, title, first } = props;
  const { t } = useTranslation('admin');
  const isHydrated = useHydrated();
  const load = useAsyncAction();
  const [rows, setRows] = useState<TRow<K>[]>(first.rows);
  const [total, setTotal] = useState(first.total);
  const headingId = `member-list-${list}`;
  const showMore = () =>
    void load.run(async () => {
      const answer = await api.call(adminMembersApi.list, { userId, list, offset: rows.length });
      const page = answer[list] as TMemberLists[K] | undefined;
      if (!page) return;
      setRows([...rows, ...(page.rows as TRow<K>[])]);
      setTotal(page.total);
    });
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="h5 mt-4">
        {title}
      </h2>
      {total === 0 && !props.after ? <p className="small text-body-secondary">{t('common.empty')}</p> : null}
      <ul className="list-unstyled small mb-1">
        {rows.map((r, i) => props.row(r, i))}
        {props.after}
      </ul>
      {total > 0 ? (
        <div className="d-flex flex-wrap align-items-center gap-2 small">
          <span aria-live="polite">{t('members.shown_of', { shown: rows.length, total })}</span>
          {rows.length < total ? (
            <button
              type="button"
              className="btn btn-sm btn-link p-0"
              disabled={!isHydrated || load.busy}
              onClick={showMore}
              aria-describedby={headingId}
            >
              {t('common.more')}
            </button>
          ) : null}
        </div>
      ) : null}
      {load.error ? (
        <div className="alert alert-danger mt-1" role="alert">
          {load.error}
        </div>
      ) : null}
    </section>
  );
}
