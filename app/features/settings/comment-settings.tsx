import { COMMENT_HOLDS, ON_ACCOUNT_DELETION } from '../../../common/schemas/comments';
import {
  FormCheckbox,
  FormSelect,
  FormTextArea,
  FormTextField,
} from '../../components/form/fields';
import { useAdminCopy } from '../../copy/admin-language';

/**
 * Readers' comments (issue 42 items 1 and 3): open or closed, and the rules that hold a comment
 * for a moderator. Blocked words are typed one a line; each catches its other spellings.
 */
export function CommentSettings() {
  const t = useAdminCopy().settings.comments;
  return (
    <fieldset className="col-12">
      <legend className="h5 mt-3">{t.title}</legend>
      <FormCheckbox name="comments.open" id="s-comments-open" label={t.open} />
      <div className="row g-3">
        <FormSelect
          name="comments.hold"
          id="s-comments-hold"
          label={t.hold}
          wrapperClassName="col-md-6"
          required={false}
        >
          {COMMENT_HOLDS.map((hold) => (
            <option key={hold} value={hold}>
              {t.holds[hold]}
            </option>
          ))}
        </FormSelect>
        <FormTextField
          name="comments.maxLinks"
          id="s-comments-maxLinks"
          type="number"
          label={t.maxLinks}
          wrapperClassName="col-md-6"
        />
        <FormTextField
          name="comments.closeAfterDays"
          id="s-comments-closeAfterDays"
          type="number"
          label={t.closeAfterDays}
          wrapperClassName="col-md-6"
        />
        <FormTextField
          name="comments.minAccountAgeMinutes"
          id="s-comments-minAccountAgeMinutes"
          type="number"
          label={t.minAccountAgeMinutes}
          wrapperClassName="col-md-6"
        />
        <FormSelect
          name="comments.onAccountDeletion"
          id="s-comments-onAccountDeletion"
          label={t.onAccountDeletion}
          wrapperClassName="col-md-6"
          required={false}
        >
          {ON_ACCOUNT_DELETION.map((what) => (
            <option key={what} value={what}>
              {t.onDeletion[what]}
            </option>
          ))}
        </FormSelect>
        <FormTextArea
          name="comments.blockedWords"
          id="s-comments-blockedWords"
          label={t.blockedWords}
          hint={t.blockedWordsHint}
          rows={4}
          wrapperClassName="col-12"
        />
      </div>
    </fieldset>
  );
}
