import { useId } from 'react';
import { Modal } from 'react-bootstrap';

export interface ConfirmDialogProps {
  /** The question, shown as the dialog's title and naming it for assistive technology. */
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Cancel, Escape and a click beside the dialog all call this. */
  onCancel: () => void;
}

/**
 * A yes/no question in a modal instead of `window.confirm` (issue 26 item 9): labelled by its
 * question, focus on the confirming button while open and back on what opened it after,
 * Escape to cancel.
 */
export function ConfirmDialog({
  question,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const titleId = useId();
  return (
    <Modal show onHide={onCancel} aria-labelledby={titleId} restoreFocus>
      <Modal.Header>
        <Modal.Title as="h2" className="h5" id={titleId}>
          {question}
        </Modal.Title>
      </Modal.Header>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-primary" autoFocus onClick={onConfirm}>
          {confirmLabel}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
