import { useTranslation } from 'react-i18next';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/** How many pages `total` rows fill (at least one). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Previous / next buttons around "page x of y" (pages counted from 0 here, shown from 1); nothing when there is one
 * page only. `text` replaces the default "page x of y" (a total, "more than").
 */
export function Pager(props: {
  pageIndex: number;
  pageCount: number;
  onPage: (pageIndex: number) => void;
  label?: string;
  text?: string;
  className?: string;
  isAlwaysShown?: boolean;
}) {
  const { t } = useTranslation('admin');
  const isHydrated = useHydrated();
  const { pageIndex, pageCount, onPage } = props;
  if (pageCount <= 1 && !props.isAlwaysShown) return null;
  return (
    <nav
      className={`d-flex flex-wrap align-items-center gap-2 ${props.className ?? 'mb-3'}`}
      aria-label={props.label ?? t('common.pages')}
    >
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={!isHydrated || pageIndex <= 0}
        onClick={() => onPage(pageIndex - 1)}
      >
        {t('common.previous')}
      </button>
      <span className="small" aria-live="polite">
        {props.text ?? t('common.page_of', { page: pageIndex + 1, pages: pageCount })}
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={!isHydrated || pageIndex + 1 >= pageCount}
        onClick={() => onPage(pageIndex + 1)}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}
