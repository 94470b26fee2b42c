import { useId, useState } from 'react';
import { toast } from 'react-toastify';
import { controlProps, Field } from '../../components/field';
import { useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { uploadImage, type UploadedImage } from './upload';
import { useMediaCopy } from './use-media-copy';
import { UploadProgress } from '../../components/upload-progress';

/** The types POST /api/media takes (DECISIONS.md §3), for the file chooser. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/**
 * A file chooser that uploads into the library as soon as files are chosen, one after another,
 * with a percentage bar (SPEC.md §2). A refused file is toasted and said under the field; the
 * chooser is emptied afterwards either way, so no file's name looks attached.
 */
export function MediaUpload({
  label,
  multiple = false,
  onUploaded,
}: {
  label: string;
  multiple?: boolean;
  onUploaded: (image: UploadedImage) => void | Promise<void>;
}) {
  const { m } = useMediaCopy();
  const { say } = useAdminInterface();
  const id = useId();
  const [progress, setProgress] = useState(0);
  const [refused, setRefused] = useState<string>();

  const upload = async (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    setRefused(undefined);
    for (const file of files) {
      setProgress(0);
      try {
        const image = await uploadImage(file, setProgress);
        await onUploaded(image);
      } catch (error) {
        const message = m.uploadFailed(say(saidOf(error)));
        setRefused(message);
        toast.error(message);
      }
    }
    input.value = '';
    setProgress(0);
  };

  return (
    <div>
      <Field id={id} label={label} hint={m.uploadHint} error={refused}>
        <input
          {...controlProps(id, 'form-control', m.uploadHint, refused)}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple={multiple}
          onChange={(e) => void upload(e.currentTarget)}
        />
      </Field>
      <UploadProgress progress={progress} label={m.uploadProgress} />
    </div>
  );
}
