import type { ReactNode } from 'react';
import { UI_STRINGS } from '../../strings';
import { Avatar } from '../Avatar/Avatar';
import { BackIcon, PhoneIcon, SearchIcon, VideoIcon } from '../private/icons';
import * as css from './ConversationHeader.css';

export interface ConversationHeaderProps {
  name: string;
  avatarSrc?: string | null;
  colorKey?: string | number | null;
  /** A second line, e.g. 'Group' or a typing notice. */
  subtitle?: string | null;
  /** A plain note under the header, e.g. that this language pair is not translated yet. */
  notice?: string | null;
  onAudioCall: () => void;
  onVideoCall: () => void;
  /** More actions after the call buttons (e.g. ConversationMenu: profile, block, report). */
  menu?: ReactNode;
  /** Back to the chat list; the button shows on narrow screens only (one pane at a time). */
  onBack?: () => void;
  /** Opens search in this conversation (Parley's message search); no button without it. */
  onSearch?: () => void;
}

/**
 * The open chat's name and avatar, with the audio and video call buttons (spec §2), and an optional
 * plain notice (e.g. 'Messages between English and Tongan are not translated yet.').
 */
export function ConversationHeader({
  name,
  avatarSrc,
  colorKey,
  subtitle,
  notice,
  onAudioCall,
  onVideoCall,
  menu,
  onBack,
  onSearch,
}: ConversationHeaderProps) {
  return (
    <header className={css.header}>
      {onBack ? (
        <button
          type="button"
          className={css.backButton}
          aria-label={UI_STRINGS.chat.backToChats}
          onClick={onBack}
        >
          <BackIcon />
        </button>
      ) : null}
      <Avatar name={name} src={avatarSrc} colorKey={colorKey} />
      <div className={css.titles}>
        <h2 className={css.name} dir="auto">
          {name}
        </h2>
        {subtitle ? <span className={css.subtitle}>{subtitle}</span> : null}
      </div>
      <div className={css.actions}>
        {onSearch ? (
          <button
            type="button"
            className={css.iconButton}
            aria-label={UI_STRINGS.messageSearch.searchInConversation}
            onClick={onSearch}
          >
            <SearchIcon />
          </button>
        ) : null}
        <button
          type="button"
          className={css.iconButton}
          aria-label={UI_STRINGS.chat.audioCall}
          onClick={onAudioCall}
        >
          <PhoneIcon />
        </button>
        <button
          type="button"
          className={css.iconButton}
          aria-label={UI_STRINGS.chat.videoCall}
          onClick={onVideoCall}
        >
          <VideoIcon />
        </button>
        {menu}
      </div>
      {notice ? (
        <p className={css.notice} role="note">
          {notice}
        </p>
      ) : null}
    </header>
  );
}
