import { useAdminData } from '#web/admin/admin-data.ts';
import { SelectField } from './select-field.tsx';

/** A labelled select of the sites the staff member may work on, "All" (empty value) first unless `all` is false. */
export function SiteSelect(props: {
  id: string;
  label: string;
  value: string | number;
  onChange: (siteId: string) => void;
  all?: string | boolean;
  disabled?: boolean;
  className?: string;
  size?: 'sm' | 'md';
}) {
  const { staff } = useAdminData();
  return (
    <SelectField
      {...props}
      all={props.all ?? true}
      options={staff.sites.map((s) => ({ value: s.id, label: s.name }))}
    />
  );
}
