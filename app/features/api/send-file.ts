import { ApiError, errorOf } from './client';
import { readUserInfo } from '../session/user-info';

/**
 * POSTs one file as multipart `file` to `path`, reporting the upload's progress 0–99 while it
 * is sent and 100 once the server has answered that it kept it
 * (XMLHttpRequest, because fetch cannot report an upload's progress), as the signed-in user.
 * Resolves with the answer when `accepted` says it is the one asked for; else rejects with the
 * server's refusal (an ApiError), or with `client.upload_failed` / `client.upload_unreachable`.
 */
export function sendFile<T>(
  path: string,
  file: File,
  accepted: (status: number, body: Partial<T> | undefined) => boolean,
  onProgress: (percent: number) => void = () => {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = readUserInfo()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    // Every byte sent is not the file stored: the server still reads, checks and keeps it, which
    // takes seconds on a busy one. The bar stops at 99 until the answer, so 100 means kept (a
    // form saved at "100" had no image address yet, and went without it).
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: Partial<T> | undefined;
      try {
        body = JSON.parse(xhr.responseText) as Partial<T>;
      } catch {
        // not JSON
      }
      if (accepted(xhr.status, body)) {
        onProgress(100);
        resolve(body as T);
        return;
      }
      const refused = errorOf(xhr.status, body);
      reject(
        refused.code === 'client.request_failed'
          ? ApiError.of(xhr.status, 'client.upload_failed', { status: xhr.status })
          : refused,
      );
    };
    xhr.onerror = () => reject(ApiError.of(0, 'client.upload_unreachable'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
