import type { CallType } from '@parley/chat-sdk';
import { CALL_STRINGS } from '../../callStrings';
import { Avatar } from '../Avatar/Avatar';
import { Button } from '../Button/Button';
import { Modal } from '../Modal/Modal';
import { PhoneIcon, VideoIcon } from '../private/icons';
import * as css from './IncomingCallPrompt.css';

const S = CALL_STRINGS;

export interface IncomingCallPromptProps {
  open: boolean;
  callerName: string;
  avatarSrc?: string | null;
  colorKey?: string | number | null;
  callType: CallType;
  onAccept: () => void;
  /** Decline, Escape or a click on the backdrop. */
  onDecline: () => void;
}

/**
 * Someone is calling: their name, picture and the call type, with Accept (focused first, so Enter
 * answers) and Decline (Escape declines). A modal dialog, announced by screen readers on open.
 */
export function IncomingCallPrompt({
  open,
  callerName,
  avatarSrc,
  colorKey,
  callType,
  onAccept,
  onDecline,
}: IncomingCallPromptProps) {
  return (
    <Modal
      open={open}
      onClose={onDecline}
      title={S.incomingTitle(callType)}
      description={S.incomingText(callerName)}
      hideCloseButton
      actions={
        <>
          <Button onClick={onAccept}>{S.accept}</Button>
          <Button variant="danger" onClick={onDecline}>
            {S.decline}
          </Button>
        </>
      }
    >
      <div className={css.caller}>
        <Avatar name={callerName} src={avatarSrc} colorKey={colorKey} size="lg" />
        <span className={css.type} aria-hidden="true">
          {callType === 'video' ? <VideoIcon /> : <PhoneIcon />}
        </span>
      </div>
    </Modal>
  );
}
