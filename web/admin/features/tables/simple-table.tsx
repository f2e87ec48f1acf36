import { useTranslation } from 'react-i18next';

/** A header cell: its text, or a text only screen readers get (an actions column). */
export type THead = string | { label: string; isHidden: true };

/**
 * A small console table inside `.table-responsive` (it scrolls sideways on a phone, the page does not): header cells,
 * a caption or a label (one of them names it), the rows as children, or one row with the empty text when `empty`.
 */
export function SimpleTable(props: {
  head: THead[];
  caption?: string;
  label?: string;
  empty?: boolean;
  emptyText?: string;
  className?: string;
  align?: 'middle' | 'top';
  children: React.ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    // A focusable named region: a keyboard can scroll it sideways on a phone.
    <div
      className={`table-responsive ${props.className ?? ''}`}
      role="region"
      aria-label={props.label ?? props.caption}
      tabIndex={0}
    >
      <table className={`table table-sm align-${props.align ?? 'middle'} bg-white`}>
        {props.caption ? <caption className="caption-top fw-semibold text-body">{props.caption}</caption> : null}
        <thead className="text-nowrap">
          <tr>
            {props.head.map((h, i) =>
              typeof h === 'string' ? (
                <th key={i} scope="col">
                  {h}
                </th>
              ) : (
                <th key={i} scope="col">
                  <span className="visually-hidden">{h.label}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {props.empty ? (
            <tr>
              <td colSpan={props.head.length} className="text-body-secondary">
                {props.emptyText ?? t('common.empty')}
              </td>
            </tr>
          ) : (
            props.children
          )}
        </tbody>
      </table>
    </div>
  );
}
