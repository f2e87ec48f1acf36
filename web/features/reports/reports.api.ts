import type { TComplaintRequest, TReportRequest } from '../../../common/reports.ts';
import { api } from '../../lib/api.ts';

/** Reports a profile or one of its photos (a repeat report changes nothing on the server). */
export function sendReport(body: TReportRequest): Promise<void> {
  return api.post<void>('/api/report.php', body);
}

/** Sends a complaint to customer service and resolves with its number. */
export function sendComplaint(body: TComplaintRequest): Promise<{ id: number }> {
  return api.post<{ id: number }>('/api/complaint.php', body);
}
