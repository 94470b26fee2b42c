import { useState } from 'react';
import { Modal } from 'react-bootstrap';
import { Pager } from '../../components/admin/pager';
import { MediaSearchFields } from './media-filters';
import { MediaGrid } from './media-grid';
import { MediaUpload } from './media-upload';
import { useMediaCopy } from './use-media-copy';
import { useMediaPage } from './use-media-page';

/** What a picker gives back: the original's address and the texts the library offers with it. */
export interface PickedImage {
  url: string;
  alt: string;
  caption: string;
}

/**
 * The media library in a dialog (issue 26 item 1): upload a new image, or search the library
 * and choose one. Choosing (or a finished upload) gives the image to `onPick` and closes.
 * Used by the article image, the body editor and the settings' logo, header and share image.
 */
export function MediaPicker({
  show,
  onHide,
  onPick,
}: {
  show: boolean;
  onHide: () => void;
  onPick: (image: PickedImage) => void;
}) {
  return (
    <Modal show={show} onHide={onHide} size="xl" aria-labelledby="media-picker-title">
      {/* A fresh search each time it opens. */}
      {show && (
        <PickerBody
          onHide={onHide}
          onPick={(image) => {
            onPick(image);
            onHide();
          }}
        />
      )}
    </Modal>
  );
}

function PickerBody({
  onHide,
  onPick,
}: {
  onHide: () => void;
  onPick: (image: PickedImage) => void;
}) {
  const { m, lang } = useMediaCopy();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useMediaPage(page, q ? { q } : {});
  return (
    <div lang={lang}>
      <Modal.Header closeButton closeLabel={m.close}>
        <Modal.Title id="media-picker-title">{m.pickTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <MediaUpload
          label={m.uploadOne}
          onUploaded={(image) => onPick({ url: image.url, alt: '', caption: '' })}
        />
        <h2 className="h6 mt-4">{m.pickFromLibrary}</h2>
        <form
          role="search"
          aria-label={m.filters}
          className="d-flex gap-2 mb-3"
          onSubmit={(event) => {
            event.preventDefault();
            // React passes events up through the portal: the article or settings form this
            // dialog opened from must not take this search for its own submit.
            event.stopPropagation();
            const text = new FormData(event.currentTarget).get('q');
            setQ(typeof text === 'string' ? text.trim() : '');
            setPage(1);
          }}
        >
          <MediaSearchFields q={q} />
        </form>
        {list.failed && <p className="text-danger">{m.loadFailed}</p>}
        {!list.data && list.loading && <p>{m.loading}</p>}
        {list.data &&
          (list.data.media.length > 0 ? (
            <MediaGrid
              items={list.data.media}
              label={m.choose}
              onSelect={(item) => onPick({ url: item.url, alt: item.alt, caption: item.caption })}
            />
          ) : (
            <p>{q ? m.empty : m.none}</p>
          ))}
        {list.data && <Pager page={page} totalPages={list.data.totalPages} onPage={setPage} />}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-secondary" onClick={onHide}>
          {m.close}
        </button>
      </Modal.Footer>
    </div>
  );
}

/** A button that opens the picker; the chosen image goes to `onPick`. */
export function PickerButton({
  label,
  className = 'btn btn-outline-dark btn-sm',
  onPick,
}: {
  label: string;
  className?: string;
  onPick: (image: PickedImage) => void;
}) {
  const { lang } = useMediaCopy();
  const [show, setShow] = useState(false);
  return (
    <>
      <button type="button" className={className} lang={lang} onClick={() => setShow(true)}>
        {label}
      </button>
      <MediaPicker show={show} onHide={() => setShow(false)} onPick={onPick} />
    </>
  );
}
