import { useFormContext, useWatch } from 'react-hook-form';
import { FormTextField } from '../../components/form/fields';
import { PickerButton } from '../media/media-picker';
import { useMediaCopy } from '../media/use-media-copy';
import type { SettingsFormValues } from './settings-form';

/** The settings that hold an image's address. */
export const IMAGE_SETTINGS = ['headerImageUrl', 'logoUrl', 'shareImageUrl'] as const;
export type ImageSetting = (typeof IMAGE_SETTINGS)[number];

/**
 * A setting that is an image (logo, header, share image): its address stays a field (the header
 * may be an https address elsewhere), with a preview of an upload here, "Choose or upload"
 * (the media library's picker, issue 26 item 1) and "No image" to empty it. Saved with the form.
 */
export function ImageSettingField({
  name,
  label,
  hint,
}: {
  name: ImageSetting;
  label: string;
  hint?: string;
}) {
  const { setValue, control } = useFormContext<SettingsFormValues>();
  const value = useWatch({ control, name });
  const { m, lang } = useMediaCopy();
  const set = (url: string) => setValue(name, url, { shouldDirty: true, shouldValidate: true });
  return (
    <div className="col-md-6" role="group" aria-label={label}>
      <FormTextField name={name} id={`s-${name}`} label={label} hint={hint} />
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2" lang={lang}>
        {value.startsWith('/media/') && (
          <img src={value} alt="" className="img-thumbnail" style={{ maxHeight: 80 }} />
        )}
        <PickerButton label={m.chooseOrUpload} onPick={(image) => set(image.url)} />
        {value && (
          <button type="button" className="btn btn-link btn-sm" onClick={() => set('')}>
            {m.clearImage}
          </button>
        )}
      </div>
    </div>
  );
}
