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
