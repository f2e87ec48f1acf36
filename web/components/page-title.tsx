import { useTranslation } from 'react-i18next';
import { useNavCounts } from '../lib/chat-totals.ts';
import { useRootData } from '../lib/use-root-data.ts';

/** Sets the document title: "(n) " with unread messages plus new likes (server-rendered too), then the page title (spec §4). */
export function PageTitle({ title }: { title?: string }) {
  const { t } = useTranslation();
  const root = useRootData();
  const { unread, newLikes } = useNavCounts();
  const count = unread + newLikes;
  const site = root?.site;
  const base = title ? (site ? t('meta.title', { title, site: site.name }) : title) : (site?.indexTitle ?? '');
  return <title>{count > 0 ? `(${count}) ${base}` : base}</title>;
}
