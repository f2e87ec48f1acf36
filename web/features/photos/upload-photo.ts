import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_VALUE } from '#common/constants.ts';
import type { TEndpoint, TEndpointAnswer } from '#common/endpoint.ts';
import { ApiError } from '#web/lib/api-client.ts';

/**
 * Uploads one file as multipart/form-data (text fields first, then the file as `photo`), reporting progress (0–1).
 * XMLHttpRequest is used because fetch cannot report upload progress. Errors carry the server's stable code and data.
 */
export function uploadFile<E extends TEndpoint & { body: 'multipart' }>(
  endpoint: E,
  file: File,
  onProgress: (fraction: number) => void,
  options: { fields?: Record<string, string>; idempotencyKey?: string } = {},
): Promise<TEndpointAnswer<E>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpoint.path);
    xhr.setRequestHeader(CLIENT_REQUEST_HEADER, CLIENT_REQUEST_VALUE);
    xhr.setRequestHeader('accept', 'application/json');
    if (options.idempotencyKey) xhr.setRequestHeader('idempotency-key', options.idempotencyKey);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as TEndpointAnswer<E> & { error?: string; message?: string; data?: unknown };
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(new ApiError(body.error ?? 'error_occurred', body.message ?? '', xhr.status, body.data));
    };
    xhr.onerror = () => reject(new ApiError('offline', '', 0));
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append('photo', file, file.name);
    xhr.send(form);
  });
}
