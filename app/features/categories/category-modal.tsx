import { Modal } from 'react-bootstrap';
import { z } from 'zod';
import { CategoryInputSchema, type Category } from '../../../common/schemas/categories';
import { IdSchema } from '../../../common/schemas/common';
import {
  FormCheckbox,
  FormSelect,
  FormTextArea,
  FormTextField,
  SubmitButton,
} from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { useAdminCopy } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';
import {
  choiceOf,
  CommentsOpenChoiceSchema,
  CommentsOpenField,
  type CommentsOpenChoice,
} from '../comments/comments-open-field';

/**
 * The form's schema: the server's, with the parent chosen in a select, where "" is the top
 * level (sent as null).
 */
const CategoryFormSchema = CategoryInputSchema.extend({
  parentId: z.union([IdSchema, z.literal('')]).transform((id) => id || null),
  commentsOpen: CommentsOpenChoiceSchema,
});

/** What the modal starts from: empty for Add, the category for Edit. */
export type CategoryDraft = Pick<Category, 'name' | 'description' | 'isHome' | 'slug'> & {
  _id?: string;
  nameHi: string;
  nameEn: string;
  /** "" for the top level. */
  parentId: string;
  /** Its say on its stories' comments (issue 42 item 1). */
  commentsOpen: CommentsOpenChoice;
};
export const EMPTY_CATEGORY: CategoryDraft = {
  name: '',
  nameHi: '',
  nameEn: '',
  description: '',
  isHome: false,
  slug: '',
  parentId: '',
  commentsOpen: 'follow',
};

/** The draft of an existing category, for Edit. */
export const draftOf = (c: Category): CategoryDraft => ({
  _id: c._id,
  name: c.name,
  nameHi: c.nameHi ?? '',
  nameEn: c.nameEn ?? '',
  description: c.description,
  isHome: c.isHome,
  slug: c.slug,
  parentId: c.parentId ?? '',
  commentsOpen: choiceOf(c.commentsOpen),
});

/**
 * Add or edit one category in a modal (SPEC.md §2, §4, §5): name and description required,
 * isHome a checkbox. Each opening starts a fresh form (`opened` counts them); saving closes it
 * through `onSaved`; a failure keeps it open with what was typed.
 */
export function CategoryModal({
  open,
  opened,
  draft,
  parents,
  onClose,
  onSaved,
}: {
  open: boolean;
  opened: number;
  draft: CategoryDraft;
  /** The categories one may go inside: the top-level ones (sections go one level deep). */
  parents: Category[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  return (
    <Modal show={open} onHide={onClose} aria-labelledby="category-modal-title">
      <CategoryForm
        key={opened}
        draft={draft}
        parents={parents}
        onClose={onClose}
        onSaved={onSaved}
      />
    </Modal>
  );
}

function CategoryForm({
  draft: { _id, ...values },
  parents,
  onClose,
  onSaved,
}: {
  draft: CategoryDraft;
  parents: Category[];
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const t = useAdminCopy();
  const form = useSchemaForm(CategoryFormSchema, values);
  // A category cannot go inside itself, nor inside one that is inside another.
  const choices = parents.filter((p) => p._id !== _id && !p.parentId);
  return (
    <SchemaForm
      form={form}
      limits={CategoryFormSchema}
      failureText={t.categories.failed}
      onSubmit={async ({ slug, ...rest }) => {
        // An empty slug is left out: the server makes one from the name (or keeps the old one).
        const body = { ...rest, ...(slug ? { slug } : {}) };
        if (_id) await adminApi('/api/categories/edit', { method: 'PUT', body: { _id, ...body } });
        else await adminApi('/api/categories/addCategory', { method: 'POST', body });
        await onSaved();
      }}
    >
      <Modal.Header closeButton closeLabel={t.categories.close}>
        <Modal.Title id="category-modal-title">
          {_id ? t.categories.edit : t.categories.add}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="vstack gap-3">
        <FormTextField name="name" id="category-name" label={t.categories.name} />
        <fieldset className="vstack gap-2" aria-describedby="category-names-hint">
          <legend className="form-label mb-0">{t.categories.names}</legend>
          <p id="category-names-hint" className="form-text mt-0">
            {t.categories.namesHint}
          </p>
          <FormTextField name="nameHi" id="category-name-hi" label={t.categories.hindi} lang="hi" />
          <FormTextField
            name="nameEn"
            id="category-name-en"
            label={t.categories.english}
            lang="en"
          />
        </fieldset>
        <FormSelect name="parentId" id="category-parent" label={t.categories.parent}>
          <option value="">{t.categories.topLevel}</option>
          {choices.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
            </option>
          ))}
        </FormSelect>
        <FormTextArea
          name="description"
          id="category-description"
          label={t.categories.description}
          rows={3}
        />
        <FormTextField name="slug" id="category-slug" label={t.categories.slug} />
        <FormCheckbox name="isHome" id="category-home" label={t.categories.showOnHome} />
        <CommentsOpenField id="category-comments-open" follows="site" />
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t.categories.cancel}
        </button>
        <SubmitButton>{t.categories.save}</SubmitButton>
      </Modal.Footer>
    </SchemaForm>
  );
}
