import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_VALUE } from '#common/constants.ts';
import { endpointUrl, type TEndpoint, type TEndpointAnswer } from '#common/endpoint.ts';
import { ApiError } from '#web/lib/api-client.ts';

/** One file to upload: the file, who hears its progress, the text fields sent before it, its idempotency key. */
export interface TUpload {
  file: File;
  /** Called with the fraction sent so far (0–1). */
  onProgress: (fraction: number) => void;
  fields?: Record<string, string>;
  /** Makes the upload safe to retry: the server creates once per key. */
  idempotencyKey?: string;
  /** The endpoint's query (which profile a console upload is for). */
  query?: Record<string, string | number>;
}

/**
 * Uploads one file as multipart/form-data (text fields first, then the file as `photo`), reporting progress (0–1).
 * XMLHttpRequest is used because fetch cannot report upload progress. Errors carry the server's stable code and data.
 */
export function uploadFile<E extends TEndpoint & { body: 'multipart' }>(
  endpoint: E,
  { file, onProgress, fields = {}, idempotencyKey, query }: TUpload,
): Promise<TEndpointAnswer<E>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpointUrl(endpoint, query));
    xhr.setRequestHeader(CLIENT_REQUEST_HEADER, CLIENT_REQUEST_VALUE);
    xhr.setRequestHeader('accept', 'application/json');
    if (idempotencyKey) xhr.setRequestHeader('idempotency-key', idempotencyKey);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as TEndpointAnswer<E> & { error?: string; message?: string; data?: unknown };
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else {
        const code = body.error ?? 'error_occurred';
        reject(new ApiError({ code, message: body.message ?? '', status: xhr.status, data: body.data }));
      }
    };
    xhr.onerror = () => reject(new ApiError({ code: 'offline', message: '', status: 0 }));
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('photo', file, file.name);
    xhr.send(form);
  });
}
