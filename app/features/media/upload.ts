import { createContext, useCallback, useState } from 'react';
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

/**
 * Hears when a form's uploads start and end (`source` names the part of the form: its image
 * field, its text's inline images), so the form can hold Submit meanwhile: saved before an
 * image arrives, a piece goes without it. Outside such a form nobody listens.
 */
export const UploadsUnderWay = createContext<(source: string, underWay: boolean) => void>(() => {});

/**
 * What a form with uploads in it knows of them: whether one is under way, and the `report` its
 * UploadsUnderWay provider hands to its fields.
 */
export function useUploadsUnderWay() {
  // The parts of the form with an upload under way.
  const [underWay, setUnderWay] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback((source: string, on: boolean) => {
    setUnderWay((now) => {
      if (now.has(source) === on) return now;
      const next = new Set(now);
      if (on) next.add(source);
      else next.delete(source);
      return next;
    });
  }, []);
  return { uploading: underWay.size > 0, report };
}
