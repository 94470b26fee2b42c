import { useContext, useRef } from 'react';
import { toast } from 'react-toastify';
import { useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { uploadImage, UploadsUnderWay } from '../media/upload';

/**
 * Uploads an image of the text, then hands its address on (to ask its alt text and caption).
 * The form holds Submit meanwhile (UploadsUnderWay): saved before it arrives, the text goes
 * without it. A refused upload is toasted.
 */
export function useTextImageUpload(onUploaded: (url: string) => void) {
  const { t, say } = useAdminInterface();
  const report = useContext(UploadsUnderWay);
  const underWay = useRef(0);
  return async (file: File) => {
    report('text', ++underWay.current > 0);
    try {
      onUploaded((await uploadImage(file)).secure_url);
    } catch (error) {
      toast.error(t.form.uploadFailed(say(saidOf(error))));
    } finally {
      report('text', --underWay.current > 0);
    }
  };
}
