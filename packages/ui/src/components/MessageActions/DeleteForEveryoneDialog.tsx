import { MESSAGE_ACTION_STRINGS } from '../../messageActionStrings';
import { Button } from '../Button/Button';
import { Modal } from '../Modal/Modal';

const A = MESSAGE_ACTION_STRINGS;

export interface DeleteForEveryoneDialogProps {
  open: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or the backdrop: nothing is deleted. */
  onCancel: () => void;
}

/**
 * 'Delete this message for everyone?' before a deletion nobody can undo, as WhatsApp asks
 * ('Delete for me' hides a message from one's own view only and does not ask).
 */
export function DeleteForEveryoneDialog({
  open,
  onConfirm,
  onCancel,
}: DeleteForEveryoneDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={A.confirmDeleteTitle}
      description={A.confirmDeleteText}
      hideCloseButton
      actions={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {A.cancel}
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            {A.deleteForEveryone}
          </Button>
        </>
      }
    />
  );
}
