/*
 * A story's or a section's say on comments in the back office's forms (issue 42 item 1): a
 * three-way choice, follow (null: the section's, then the site's), open (true) or closed (false).
 */
import { z } from 'zod';
import { FormSelect } from '../../components/form/fields';
import { useAdminInterface } from '../../copy/admin-language';
import { commentDeskCopy } from '../../copy/comment-desk';

export const COMMENTS_OPEN_CHOICES = ['follow', 'open', 'closed'] as const;
export type CommentsOpenChoice = (typeof COMMENTS_OPEN_CHOICES)[number];

/** The choice the form shows for a stored say. */
export const choiceOf = (say: boolean | null | undefined): CommentsOpenChoice =>
  say === true ? 'open' : say === false ? 'closed' : 'follow';

/** The say the API takes for a choice. */
export const sayOf = (choice: string): boolean | null =>
  choice === 'open' ? true : choice === 'closed' ? false : null;

/** The form's field, turned into the API's `commentsOpen`. */
export const CommentsOpenChoiceSchema = z.enum(COMMENTS_OPEN_CHOICES).transform(sayOf);

export function CommentsOpenField({
  id,
  follows,
  wrapperClassName,
}: {
  id: string;
  /** What "follow" follows: a story its section, a section the site. */
  follows: 'section' | 'site';
  wrapperClassName?: string;
}) {
  const { lang } = useAdminInterface();
  const t = commentDeskCopy[lang].openChoice;
  return (
    <FormSelect
      name="commentsOpen"
      id={id}
      label={t.label}
      {...(wrapperClassName ? { wrapperClassName } : {})}
    >
      <option value="follow">{follows === 'section' ? t.followSection : t.followSite}</option>
      <option value="open">{t.open}</option>
      <option value="closed">{t.closed}</option>
    </FormSelect>
  );
}
