import { Modal } from 'react-bootstrap';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { hasRole } from '../../../common/roles';
import { MediaTextsSchema, type MediaItem, type MediaUse } from '../../../common/schemas/media';
import type { SessionUser } from '../../../common/services';
import { FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { formatDate } from '../../copy/language';
import { adminApi } from '../api/admin-api';
import { ApiError } from '../api/client';
import { mediaName, useMediaCopy } from './use-media-copy';

/** Whether `me` may change this upload's texts and delete it: its uploader, editors and up. */
export const mayChange = (me: SessionUser, item: MediaItem) =>
  hasRole(me.role, 'editor') || item.uploadedBy?._id === me._id;

/**
 * One upload in a dialog: the picture and its facts, its alt text and caption (a form for its
 * uploader and editors), where it is used, and Delete while nothing uses it. The server checks
 * all of it again (server/modules/media/media-library.ts).
 */
export function MediaDetails({
  item,
  me,
  onClose,
  onChanged,
}: {
  item: MediaItem | undefined;
  me: SessionUser;
  onClose: () => void;
  onChanged: () => Promise<void>;
}) {
  const { m, lang } = useMediaCopy();
  return (
    <Modal show={item !== undefined} onHide={onClose} size="lg" aria-labelledby="media-title">
      {item && (
        <div lang={lang}>
          <Modal.Header closeButton closeLabel={m.close}>
            <Modal.Title id="media-title">{m.detailsTitle}</Modal.Title>
          </Modal.Header>
          <Modal.Body className="row g-3">
            <div className="col-md-5">
              <img
                src={item.thumbnailUrl}
                alt={item.alt}
                className="img-fluid rounded border"
                width={item.width}
                height={item.height}
              />
              <Facts item={item} />
            </div>
            <div className="col-md-7 vstack gap-3">
              <TextsForm key={item._id} item={item} me={me} onSaved={onChanged} />
              <Uses uses={item.usedBy} me={me} />
              <DeleteButton item={item} me={me} onDeleted={onClose} onChanged={onChanged} />
            </div>
          </Modal.Body>
        </div>
      )}
    </Modal>
  );
}

function Facts({ item }: { item: MediaItem }) {
  const { m, locale } = useMediaCopy();
  return (
    <dl className="small mt-2 mb-0">
      <dt>{m.fileName}</dt>
      <dd className="text-break">{mediaName(item, m.unnamed)}</dd>
      <dt>{m.size}</dt>
      <dd>
        {item.width}×{item.height} · {m.types[item.type]} ·{' '}
        {(item.bytes / 1024).toLocaleString(locale, { maximumFractionDigits: 0 })} KB
      </dd>
      <dt>{m.uploadedBy}</dt>
      <dd>{item.uploadedBy?.name ?? '—'}</dd>
      <dt>{m.uploadedOn}</dt>
      <dd>{formatDate(item.createdAt, locale)}</dd>
      <dt>{m.address}</dt>
      <dd>
        <code className="text-break">{item.url}</code>
      </dd>
    </dl>
  );
}

/** The alt text and caption: a form for whoever may change them, else as they are. */
function TextsForm({
  item,
  me,
  onSaved,
}: {
  item: MediaItem;
  me: SessionUser;
  onSaved: () => Promise<void>;
}) {
  const { m } = useMediaCopy();
  const form = useSchemaForm(MediaTextsSchema, { alt: item.alt, caption: item.caption });
  if (!mayChange(me, item))
    return (
      <div>
        <p className="mb-1">
          <strong>{m.alt}:</strong> {item.alt || '—'}
        </p>
        <p className="mb-1">
          <strong>{m.caption}:</strong> {item.caption || '—'}
        </p>
        <p className="form-text mb-0">{m.notYours}</p>
      </div>
    );
  return (
    <SchemaForm
      form={form}
      limits={MediaTextsSchema}
      className="vstack gap-2"
      onSubmit={async (body) => {
        await adminApi<MediaItem>(`/api/media/${item._id}`, { method: 'PUT', body });
        form.reset(body);
        toast.success(m.saved);
        await onSaved();
      }}
    >
      <FormTextField name="alt" id="media-alt" label={m.alt} hint={m.altHint} />
      <FormTextField name="caption" id="media-caption" label={m.caption} hint={m.captionHint} />
      <div>
        <SubmitButton>{m.save}</SubmitButton>
      </div>
    </SchemaForm>
  );
}

/** One place an upload is used, as the dialog lists it: linked where the reader may go. */
function Use({ use, me }: { use: MediaUse; me: SessionUser }) {
  const { m } = useMediaCopy();
  const edit = (id: string, text: string) => <Link to={`/admin/edit-article/${id}`}>{text}</Link>;
  switch (use.kind) {
    case 'article':
      return edit(use._id, use.title);
    case 'live':
      return edit(use._id, m.liveOf(use.title));
    case 'history':
      return edit(use._id, m.historyOf(use.title));
    case 'person':
      return hasRole(me.role, 'administrator') ? (
        <Link to="/admin/users">{m.photoOf(use.name)}</Link>
      ) : (
        m.photoOf(use.name)
      );
    case 'ad':
      return hasRole(me.role, 'editor') ? (
        <Link to="/admin/ads">{m.adOf(use.name)}</Link>
      ) : (
        m.adOf(use.name)
      );
    case 'setting': {
      const name = m.settings[use.setting] ?? m.setting(use.setting);
      return hasRole(me.role, 'administrator') ? <Link to="/admin/settings">{name}</Link> : name;
    }
  }
}

function Uses({ uses, me }: { uses: MediaUse[]; me: SessionUser }) {
  const { m } = useMediaCopy();
  return (
    <section aria-labelledby="media-uses">
      <h2 id="media-uses" className="h6">
        {m.usedBy}
      </h2>
      {uses.length === 0 ? (
        <p className="mb-0">{m.usedNowhere}</p>
      ) : (
        <ul className="mb-0">
          {uses.map((use) => (
            <li key={`${use.kind}:${use.kind === 'setting' ? use.setting : use._id}`}>
              <Use use={use} me={me} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DeleteButton({
  item,
  me,
  onDeleted,
  onChanged,
}: {
  item: MediaItem;
  me: SessionUser;
  onDeleted: () => void;
  onChanged: () => Promise<void>;
}) {
  const { m } = useMediaCopy();
  if (!mayChange(me, item)) return null;
  const used = item.usedBy.length > 0;
  const remove = async () => {
    if (!window.confirm(m.confirmDelete(mediaName(item, m.unnamed)))) return;
    try {
      await adminApi(`/api/media/${item._id}`, { method: 'DELETE' });
      toast.success(m.deleted);
      onDeleted();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      toast.error(status === 409 ? m.inUse : status === 403 ? m.notYours : m.failed);
    }
    await onChanged();
  };
  return (
    <div>
      <button
        type="button"
        className="btn btn-outline-danger"
        disabled={used}
        aria-describedby={used ? 'media-in-use' : undefined}
        onClick={() => void remove()}
      >
        {m.deleteImage}
      </button>
      {used && (
        <p id="media-in-use" className="form-text mb-0">
          {m.inUse}
        </p>
      )}
    </div>
  );
}
