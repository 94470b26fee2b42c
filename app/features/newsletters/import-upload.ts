import type { ImportAnswer } from '../../../common/schemas/subscribers';
import { sendFile } from '../api/send-file';

/** Where administrators send a list of subscribers (issue 37 item 5). */
export const IMPORT_PATH = '/api/newsletters/subscribers/import';

/**
 * Sends a CSV file to the import, reporting the upload's progress 0–100 (XMLHttpRequest:
 * fetch cannot report an upload's progress). Rejects with the server's refusal (an ApiError).
 */
export function importSubscribers(
  file: File,
  onProgress: (percent: number) => void = () => {},
): Promise<ImportAnswer> {
  return sendFile<ImportAnswer>(IMPORT_PATH, file, (status) => status === 200, onProgress);
}
