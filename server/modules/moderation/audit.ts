/** Staff actions are recorded in the audit log (server/modules/staff/audit.repository.ts) in their change's transaction. */
export type { TAuditEntry } from '../staff/audit.repository.ts';
import type { recordAudit } from '../staff/audit.repository.ts';

/** Records a staff action in the transaction of the change it describes. */
export type TAudit = typeof recordAudit;
