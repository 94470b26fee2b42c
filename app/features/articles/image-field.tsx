import { useState } from 'react';
import { useController } from 'react-hook-form';
import { toast } from 'react-toastify';
import { controlProps, Field } from '../../components/field';
import { FormTextField, useFieldError } from '../../components/form/fields';
import { adminCopy as t } from '../../copy/admin';
import { uploadImage } from '../media/upload';
import type { ArticleFormValues } from './article-form-values';

/**
 * The article image (SPEC.md §2, §4): uploaded on choice with a percentage bar (shown above
 * 0), its hosted address kept in the form's `imageUrl`. A refused upload is toasted
 * (DECISIONS.md §3) and said under the field, and the file input is emptied: a rejected file's
 * name left in it would look attached (issue 14 item 6). Mount a fresh one (a new key) to
 * clear the file input and the bar.
 */
export function ImageField() {
  const { field } = useController<ArticleFormValues, 'imageUrl'>({ name: 'imageUrl' });
  const formError = useFieldError('imageUrl');
  const [progress, setProgress] = useState(0);
  const [refused, setRefused] = useState<string>();
  const error = refused ?? formError;

  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setProgress(0);
    setRefused(undefined);
    try {
      const image = await uploadImage(file, setProgress);
      field.onChange(image.secure_url);
    } catch (e) {
      const message = t.form.uploadFailed((e as Error).message);
      input.value = '';
      setProgress(0);
      setRefused(message);
      toast.error(message);
    }
  };

  return (
    <div className="col-md-6">
      <Field id="image" label={t.form.image} hint={t.form.imageHelp} error={error}>
        <input
          {...controlProps('image', 'form-control', t.form.imageHelp, error)}
          ref={field.ref}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
          onChange={(e) => void upload(e.currentTarget)}
        />
      </Field>
      {progress > 0 && (
        <div
          className="progress mt-2"
          role="progressbar"
          aria-label={t.form.uploadProgress}
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="progress-bar" style={{ width: `${progress}%` }}>
            {progress}%
          </div>
        </div>
      )}
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
