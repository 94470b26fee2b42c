import type { EpaperIssue } from '../../../common/schemas/epaper';
import { ApiError, errorOf } from '../api/client';
import { readUserInfo } from '../session/user-info';

/**
 * Sends PDFs to an issue's pages in one multipart call (each in a field `file`), reporting the
 * upload's progress 0–99 and 100 once the server kept them (XMLHttpRequest: fetch cannot report
 * an upload's progress). Resolves with the issue; rejects with the server's refusal.
 */
export function sendPages(
  issueId: string,
  files: readonly File[],
  onProgress: (percent: number) => void,
): Promise<EpaperIssue> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/epaper/issues/${issueId}/pages`);
    const token = readUserInfo()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable)
        onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status === 201) {
        onProgress(100);
        resolve(body as EpaperIssue);
      } else reject(errorOf(xhr.status, body));
    };
    xhr.onerror = () => reject(ApiError.of(0, 'client.upload_unreachable'));
    const form = new FormData();
    for (const file of files) form.append('file', file, file.name);
    xhr.send(form);
  });
}
