import { endpointUrl } from '#common/endpoint.ts';
import { dataExportApi, type TDataExport } from '#common/wire/data-export.ts';
import { api } from '#web/lib/api.ts';

/** The member's newest data export (null when they never asked for one). */
export async function fetchDataExport(): Promise<TDataExport | null> {
  return (await api.call(dataExportApi.latest)).export;
}

/** Asks for a new archive of the member's data; answers its state (pending until the job has built it). */
export async function requestDataExport(): Promise<TDataExport | null> {
  return (await api.call(dataExportApi.request)).export;
}

/** Where a ready archive downloads from (a plain link: the browser sends the session cookie and saves the file). */
export function dataExportDownloadUrl(id: number): string {
  return endpointUrl(dataExportApi.download, { id });
}
