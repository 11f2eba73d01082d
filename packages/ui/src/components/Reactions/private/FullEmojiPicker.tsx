import EmojiPicker, { EmojiStyle, SuggestionMode, Theme } from 'emoji-picker-react';
import { UI_STRINGS } from '../../../strings';

const R = UI_STRINGS.reactions;

/**
 * The full emoji picker (emoji-picker-react), a chunk of its own loaded the first time someone
 * asks for 'More emoji'. Native glyphs only: no emoji images are fetched from anywhere.
 */
export default function FullEmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <EmojiPicker
      emojiStyle={EmojiStyle.NATIVE}
      theme={Theme.LIGHT}
      suggestedEmojisMode={SuggestionMode.RECENT}
      searchPlaceholder={R.searchEmoji}
      previewConfig={{ showPreview: false }}
      autoFocusSearch
      width="100%"
      height={320}
      onEmojiClick={(data) => onPick(data.emoji)}
    />
  );
}
