import {
  reportsApi,
  type TComplaintRequest,
  type TComplaintResponse,
  type TReportRequest,
} from '#common/wire/reports.ts';
import { api } from '#web/lib/api.ts';

/** Reports a profile or one of its photos (a repeat report changes nothing on the server). */
export async function sendReport(body: TReportRequest): Promise<void> {
  await api.call(reportsApi.report, body);
}

/** Sends a complaint to customer service and resolves with its number. */
export function sendComplaint(body: TComplaintRequest): Promise<TComplaintResponse> {
  return api.call(reportsApi.complaint, body);
}
