import { useTranslation } from 'react-i18next';

/**
 * Adds the console's catalogue (the `admin` namespace, from the layout's loader) to the page's i18next instance before
 * the console renders, on the server and in the browser alike (the same data: server and client render the same text).
 */
export function useAdminCatalogue(catalogue: Record<string, unknown>): void {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  if (!i18n.hasResourceBundle(lng, 'admin')) i18n.addResourceBundle(lng, 'admin', catalogue, true, true);
}
