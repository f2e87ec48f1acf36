import { useTranslation } from 'react-i18next';

/** "n characters left" under a text area; link it with the field's aria-describedby. */
export function CharCounter({ id, length, max }: { id: string; length: number; max: number }) {
  const { t } = useTranslation();
  const left = Math.max(0, max - length);
  return (
    <div id={id} className={`form-text text-end${left <= max / 10 ? ' text-warning-emphasis' : ''}`}>
      {t('reports.chars_left', { count: left })}
    </div>
  );
}
