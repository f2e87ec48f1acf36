import type { TAuditEntry, TAuditFn } from '#server/modules/sites/site-admin.service.ts';

/** An audit recorder for service tests: keeps the entries instead of writing them. */
export function recordingAudit(): { fn: TAuditFn; entries: TAuditEntry[] } {
  const entries: TAuditEntry[] = [];
  return {
    entries,
    fn: async (_tx, entry) => {
      entries.push(entry);
    },
  };
}

/** The entries a recorder kept. */
export const auditEntries = (audit: { entries: TAuditEntry[] }) => audit.entries;
