import { UI_STRINGS } from '../../strings';
import { Button } from '../Button/Button';
import { Modal } from '../Modal/Modal';

export interface ComingSoonDialogProps {
  open: boolean;
  /** 'Got it', Escape, or a click on the backdrop. */
  onClose: () => void;
}

/** The 'Coming Soon' dialog the call buttons open (spec §2), closed with 'Got it'. */
export function ComingSoonDialog({ open, onClose }: ComingSoonDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={UI_STRINGS.chat.comingSoon}
      description={UI_STRINGS.chat.comingSoonText}
      hideCloseButton
      actions={<Button onClick={onClose}>{UI_STRINGS.chat.gotIt}</Button>}
    />
  );
}
