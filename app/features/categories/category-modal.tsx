import { Modal } from 'react-bootstrap';
import { CategoryInputSchema, type Category } from '../../../common/schemas/categories';
import {
  FormCheckbox,
  FormTextArea,
  FormTextField,
  SubmitButton,
} from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { useAdminCopy } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';

/** What the modal starts from: empty for Add, the category for Edit. */
export type CategoryDraft = Pick<Category, 'name' | 'description' | 'isHome' | 'slug'> & {
  _id?: string;
};
export const EMPTY_CATEGORY: CategoryDraft = { name: '', description: '', isHome: false, slug: '' };

/**
 * Add or edit one category in a modal (SPEC.md §2, §4, §5): name and description required,
 * isHome a checkbox. Each opening starts a fresh form (`opened` counts them); saving closes it
 * through `onSaved`; a failure keeps it open with what was typed.
 */
export function CategoryModal({
  open,
  opened,
  draft,
  onClose,
  onSaved,
}: {
  open: boolean;
  opened: number;
  draft: CategoryDraft;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  return (
    <Modal show={open} onHide={onClose} aria-labelledby="category-modal-title">
      <CategoryForm key={opened} draft={draft} onClose={onClose} onSaved={onSaved} />
    </Modal>
  );
}

function CategoryForm({
  draft: { _id, ...values },
  onClose,
  onSaved,
}: {
  draft: CategoryDraft;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const t = useAdminCopy();
  const form = useSchemaForm(CategoryInputSchema, values);
  return (
    <SchemaForm
      form={form}
      limits={CategoryInputSchema}
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
        <FormTextArea
          name="description"
          id="category-description"
          label={t.categories.description}
          rows={3}
        />
        <FormTextField name="slug" id="category-slug" label={t.categories.slug} />
        <FormCheckbox name="isHome" id="category-home" label={t.categories.showOnHome} />
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
