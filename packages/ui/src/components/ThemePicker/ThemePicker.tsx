import type { ChatThemeName } from '@parley/chat-sdk';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { LOCALE_STRINGS } from '../../localeStrings';
import { chatThemeFor, chatThemes } from '../../theme/chatThemes';
import { useStableId } from '../private/useStableId';
import * as css from './ThemePicker.css';

export interface ThemePickerProps {
  /** The chosen theme; absent or unknown names show the default (spec §3). */
  value: ChatThemeName | null | undefined;
  onChange: (theme: ChatThemeName) => void;
  /** The group's accessible name. */
  label?: string;
}

/**
 * The chat-theme picker (spec §2): classic (`default`), light (`light`) and ocean (`blue`), each
 * with its preview picture, as a radio group (arrow keys move between themes).
 */
export function ThemePicker({
  value,
  onChange,
  label = ACCOUNT_STRINGS.settings.chatTheme,
}: ThemePickerProps) {
  const name = useStableId();
  const selected = chatThemeFor(value).name;
  return (
    <fieldset className={css.group}>
      <legend className={css.legend}>{label}</legend>
      {chatThemes.map((theme) => {
        // The theme's name in the interface's language (the token's label is the English one).
        const themeLabel = LOCALE_STRINGS.themePicker[theme.name];
        return (
          <label key={theme.name} className={css.option} data-theme-option={theme.name}>
            <input
              className={css.radio}
              type="radio"
              name={name}
              value={theme.name}
              checked={selected === theme.name}
              onChange={() => onChange(theme.name)}
            />
            <img
              className={css.preview}
              src={theme.preview}
              alt={ACCOUNT_STRINGS.themes.preview(themeLabel)}
            />
            <span className={css.label}>{themeLabel}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
