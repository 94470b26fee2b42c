import { useContext, useRef, useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { toast } from 'react-toastify';
import { controlProps, Field } from '../../components/field';
import { FormTextField, useFieldError } from '../../components/form/fields';
import { useAdminInterface } from '../../copy/admin-language';
import { PickerButton } from '../media/media-picker';
import { IMAGE_ACCEPT } from '../media/media-upload';
import { uploadImage, UploadsUnderWay } from '../media/upload';
import { useMediaCopy } from '../media/use-media-copy';
import type { ArticleFormValues } from './article-form-values';
import { UploadProgress } from '../../components/upload-progress';
import { saidOf } from '../../copy/refusals';

/**
 * The article image (SPEC.md §2, §4): uploaded on choice with a percentage bar (shown above
 * 0), its hosted address kept in the form's `imageUrl`. A refused upload is toasted
 * (DECISIONS.md §3) and said under the field, and the file input is emptied: a rejected file's
 * name left in it would look attached (issue 14 item 6). Mount a fresh one (a new key) to
 * clear the file input and the bar. Or the image is chosen from the media library (issue 26
 * item 1): its alt text comes with it when the article has none yet. The form hears when an
 * upload starts and ends (UploadsUnderWay), so it can wait for it.
 */
export function ImageField() {
  const { t, say } = useAdminInterface();
  const report = useContext(UploadsUnderWay);
  const onUploading = (underWay: boolean) => report('image', underWay);
  const { field } = useController<ArticleFormValues, 'imageUrl'>({ name: 'imageUrl' });
  const { getValues, setValue } = useFormContext<ArticleFormValues>();
  const library = useMediaCopy();
  const formError = useFieldError('imageUrl');
  const [progress, setProgress] = useState(0);
  const [refused, setRefused] = useState<string>();
  const error = refused ?? formError;

  // The last choice wins: an upload still on its way when another file or a library image is
  // chosen is let go (its answer, its bar and its end change nothing).
  const latest = useRef(0);
  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    const mine = ++latest.current;
    const current = () => mine === latest.current;
    setProgress(0);
    setRefused(undefined);
    onUploading(true);
    try {
      const image = await uploadImage(file, (percent) => current() && setProgress(percent));
      if (current()) field.onChange(image.secure_url);
    } catch (e) {
      if (!current()) return;
      const message = t.form.uploadFailed(say(saidOf(e)));
      input.value = '';
      setProgress(0);
      setRefused(message);
      toast.error(message);
    } finally {
      if (current()) onUploading(false);
    }
  };

  return (
    <div className="col-md-6">
      <Field id="image" label={t.form.image} hint={t.form.imageHelp} error={error}>
        <input
          {...controlProps('image', 'form-control', t.form.imageHelp, error)}
          ref={field.ref}
          type="file"
          accept={IMAGE_ACCEPT}
          onChange={(e) => void upload(e.currentTarget)}
        />
      </Field>
      <PickerButton
        label={library.m.chooseFromLibrary}
        className="btn btn-outline-dark btn-sm mt-2"
        onPick={(image) => {
          latest.current++;
          onUploading(false);
          setRefused(undefined);
          setProgress(0);
          field.onChange(image.url);
          if (image.alt && !getValues('imageAlt'))
            setValue('imageAlt', image.alt, { shouldDirty: true });
        }}
      />
      <UploadProgress progress={progress} label={t.form.uploadProgress} />
      {field.value && (
        <img src={field.value} alt="" className="img-thumbnail mt-2" style={{ maxHeight: 120 }} />
      )}
      <FormTextField
        name="imageAlt"
        id="image-alt"
        label={t.form.imageAlt}
        hint={t.form.imageAltHelp}
        wrapperClassName="mt-2"
      />
    </div>
  );
}
