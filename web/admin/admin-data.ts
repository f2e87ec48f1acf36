import { useRouteLoaderData } from 'react-router';
import type { TSiteOption, TStaffMeAnswer } from '#common/wire/admin/staff.ts';

/** What the console layout's loader gives every console page: the staff member and the sites they may work on. */
export interface TAdminData {
  catalogue: Record<string, unknown>;
  staff: TStaffMeAnswer;
}

/** The console layout's data (inside the console's pages). */
export function useAdminData(): TAdminData {
  const data = useRouteLoaderData('layout-admin') as TAdminData | undefined;
  if (!data) throw new Error('useAdminData outside the console layout');
  return data;
}

/** The name of a site by id, for lists (the id when the staff member may not see it). */
export function useSiteName(): (siteId: number | null) => string {
  const { staff } = useAdminData();
  return (siteId) =>
    siteId === null ? '' : (staff.sites.find((s: TSiteOption) => s.id === siteId)?.name ?? `#${siteId}`);
}
