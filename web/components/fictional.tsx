import { useTranslation } from 'react-i18next';
import { useRootData } from '../lib/use-root-data.ts';

/** Which of the site's three disclosure texts a note shows (settings `fictional_*`, spec §1). */
export type TFictionalText = 'warning' | 'singular' | 'plural';

/**
 * Whether fictional profiles' names carry the icon: the member's own `fictional_icon` (their site's setting), or for
 * visitors the site's setting itself (docs/ARCHITECTURE.md, fictional-profile disclosure).
 */
export function useFictionalIcon(): boolean {
  const root = useRootData();
  if (!root) return false;
  return root.user ? root.user.fictional_icon : root.site.fictionalIcon;
}

/** The localized name of the fictional mark, for labels that must say it (cards' link names). */
export function useFictionalLabel(): string {
  const { t } = useTranslation();
  return t('fictional.icon_label');
}

/** The fictional icon beside a fictional profile's name, when the site shows it; labelled for screen readers. */
export function FictionalIcon({ className = '' }: { className?: string }) {
  const label = useFictionalLabel();
  const shown = useFictionalIcon();
  if (!shown) return null;
  return (
    <span role="img" aria-label={label} title={label} className={`fictional-icon ${className}`}>
      <svg width="1em" height="1em" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
        <path d="M3 3h18v8.5C21 17 17 21 12 21S3 17 3 11.5V3Zm4 5a1.5 1.5 0 1 0 3 0H7Zm7 0a1.5 1.5 0 1 0 3 0h-3Zm-6 6c1 2 2.4 3 4 3s3-1 4-3H8Z" />
      </svg>
    </span>
  );
}

/** Looks of a note unless the page gives its own. */
const NOTE_LOOK = 'small text-body-secondary';

/** One of the site's disclosure texts as a note (server-rendered from the root data, so it never flashes in). */
export function FictionalNote({ text, className = NOTE_LOOK }: { text: TFictionalText; className?: string }) {
  const root = useRootData();
  if (!root) return null;
  const { fictionalWarning, fictionalSingular, fictionalPlural } = root.site;
  const body = { warning: fictionalWarning, singular: fictionalSingular, plural: fictionalPlural }[text];
  return (
    <p role="note" className={`fictional-note fictional-note--${text} ${className}`}>
      {body}
    </p>
  );
}

/** `fictional_plural` above a list, only when the list shown contains a fictional profile. */
export function FictionalListNote({
  cards,
  className = NOTE_LOOK,
}: {
  cards: readonly { is_fictional: boolean }[];
  className?: string;
}) {
  if (!cards.some((c) => c.is_fictional)) return null;
  return <FictionalNote text="plural" className={className} />;
}
