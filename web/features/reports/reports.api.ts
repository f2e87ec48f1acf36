import type { TComplaintRequest, TComplaintResponse, TReportRequest } from '../../../common/wire/reports.ts';
import { api } from '../../lib/api.ts';

/** Reports a profile or one of its photos (a repeat report changes nothing on the server). */
export function sendReport(body: TReportRequest): Promise<void> {
  return api.post<void>('/api/report.php', body);
}

/** Sends a complaint to customer service and resolves with its number. */
export function sendComplaint(body: TComplaintRequest): Promise<TComplaintResponse> {
  return api.post<TComplaintResponse>('/api/complaint.php', body);
}
