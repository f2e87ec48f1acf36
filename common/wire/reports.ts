import { defineEndpoint } from '../endpoint.ts';
import { ZComplaintRequest, ZComplaintResponse, ZReportRequest } from '../reports.ts';
// The report and complaint schemas live in common/reports.ts beside the reasons, topics and limits the web forms
// validate with; this is their place in the wire contract.
export {
  ZComplaintRequest,
  ZComplaintResponse,
  ZReportRequest,
  type TComplaintRequest,
  type TComplaintResponse,
  type TReportRequest,
} from '../reports.ts';

/** Reports of profiles and photos, and the complaint form. */
export const reportsApi = {
  report: defineEndpoint({
    method: 'POST',
    path: '/api/report.php',
    tags: ['profiles'],
    summary: 'Report a profile or one of its photos',
    body: ZReportRequest,
    response: null,
  }),
  complaint: defineEndpoint({
    method: 'POST',
    path: '/api/complaint.php',
    tags: ['support'],
    summary: 'Send a complaint to customer service',
    body: ZComplaintRequest,
    response: ZComplaintResponse,
    status: 201,
  }),
};
