import { sendFile } from '../api/send-file';

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
  return sendFile<UploadedImage>(
    '/api/media',
    file,
    (status, body) => status === 201 && Boolean(body?.secure_url),
    onProgress,
  );
}
