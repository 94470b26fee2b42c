import { ApiError, errorOf } from '../api/client';
import { readUserInfo } from '../session/user-info';

export interface UploadedImage {
  _id: string;
  secure_url: string;
  url: string;
  width: number;
  height: number;
  variants: { width: number; url: string }[];
}

/**
 * Uploads one image to POST /api/media, reporting progress 0–100 (XMLHttpRequest, because
 * fetch cannot report upload progress). Rejects with the server's refusal (an ApiError).
 */
export function uploadImage(
  file: File,
  onProgress: (percent: number) => void = () => {},
): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media');
    const token = readUserInfo()?.token;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: Partial<UploadedImage> = {};
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON
      }
      if (xhr.status === 201 && body.secure_url) {
        onProgress(100);
        resolve(body as UploadedImage);
      } else {
        const refused = errorOf(xhr.status, body);
        reject(
          refused.code === 'client.request_failed'
            ? ApiError.of(xhr.status, 'client.upload_failed', { status: xhr.status })
            : refused,
        );
      }
    };
    xhr.onerror = () => reject(ApiError.of(0, 'client.upload_unreachable'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
