import { UI_STRINGS } from '../../../strings';
import { SpeakerIcon, SpellingIcon, TranscribedIcon, TranslationIcon } from '../../private/icons';
import type { LanguageCapability } from '../languageCapabilities';
import * as css from './CapabilityBadges.css';

const S = UI_STRINGS.languagePicker;

/** What a screen reader hears for an option: the name, then what the server can do with it. */
export function optionLabel(
  name: string,
  capability: LanguageCapability | undefined,
  readerName: string | undefined,
): string {
  if (!capability) return name;
  const parts = [name];
  const translation = translationText(capability, readerName);
  if (translation) parts.push(translation);
  if (capability.spoken) parts.push(S.spoken);
  if (capability.transcribed) parts.push(S.transcribed);
  if (capability.corrected) parts.push(S.corrected);
  return parts.join(', ');
}

function translationText(
  capability: LanguageCapability,
  readerName: string | undefined,
): string | undefined {
  if (readerName === undefined || capability.withReader === undefined) {
    return capability.partners > 0 ? S.translatedWith(capability.partners) : S.notTranslatedAtAll;
  }
  switch (capability.withReader) {
    case 'same':
      return undefined;
    case 'both':
      return S.translatedBothWays(readerName);
    case 'fromReader':
      return S.translatedFromReader(readerName);
    case 'intoReader':
      return S.translatedIntoReader(readerName);
    case 'none':
      return S.notTranslated(readerName);
  }
}

type TranslationBadge = 'both' | 'fromReader' | 'intoReader';

/**
 * Small visual badges, drawn (no text, so an option's visible text stays its name); the option's
 * accessible name says the same in words, and the legend explains them.
 */
export function CapabilityBadges({
  capability,
  readerName,
}: {
  capability: LanguageCapability | undefined;
  readerName: string | undefined;
}) {
  if (!capability) return null;
  const { withReader } = capability;
  const translation: TranslationBadge | null =
    readerName !== undefined && withReader !== undefined
      ? withReader === 'both' || withReader === 'fromReader' || withReader === 'intoReader'
        ? withReader
        : null
      : capability.partners > 0
        ? 'both'
        : null;
  if (!translation && !capability.spoken && !capability.transcribed && !capability.corrected) {
    return null;
  }
  return (
    <span className={css.badges} aria-hidden="true">
      {translation ? (
        <span className={css.badge} data-kind={`translation-${translation}`}>
          <TranslationIcon direction={translation} className={css.badgeIcon} />
        </span>
      ) : null}
      {capability.spoken ? (
        <span className={css.badge} data-kind="spoken" title={S.spoken}>
          <SpeakerIcon className={css.badgeIcon} />
        </span>
      ) : null}
      {capability.transcribed ? (
        <span className={css.badge} data-kind="transcribed" title={S.transcribed}>
          <TranscribedIcon className={css.badgeIcon} />
        </span>
      ) : null}
      {capability.corrected ? (
        <span className={css.badge} data-kind="corrected" title={S.corrected}>
          <SpellingIcon className={css.badgeIcon} />
        </span>
      ) : null}
    </span>
  );
}

/** The key to the badges, and how many languages this server translates at all. */
export function CapabilityLegend({
  id,
  readerName,
  translated,
  total,
  corrections = false,
}: {
  id: string;
  readerName: string | undefined;
  translated: number;
  total: number;
  /** The server says which languages correct (a spec backend does not): explain that badge. */
  corrections?: boolean;
}) {
  return (
    <div id={id} className={css.legend}>
      <p className={css.legendLine}>{S.reach(translated, total)}</p>
      <p className={css.legendLine}>
        {readerName !== undefined ? (
          <>
            <span className={css.legendItem}>
              <span className={css.badge}>
                <TranslationIcon direction="both" className={css.badgeIcon} />
              </span>{' '}
              {S.legendBothWays}
            </span>
            <span className={css.legendItem}>
              <span className={css.badge}>
                <TranslationIcon direction="fromReader" className={css.badgeIcon} />
              </span>{' '}
              {S.legendFromReader(readerName)}
            </span>
            <span className={css.legendItem}>
              <span className={css.badge}>
                <TranslationIcon direction="intoReader" className={css.badgeIcon} />
              </span>{' '}
              {S.legendIntoReader(readerName)}
            </span>
          </>
        ) : (
          <span className={css.legendItem}>
            <span className={css.badge}>
              <TranslationIcon direction="both" className={css.badgeIcon} />
            </span>{' '}
            {S.legendWith}
          </span>
        )}
        <span className={css.legendItem}>
          <span className={css.badge}>
            <SpeakerIcon className={css.badgeIcon} />
          </span>{' '}
          {S.spoken}
        </span>
        <span className={css.legendItem}>
          <span className={css.badge}>
            <TranscribedIcon className={css.badgeIcon} />
          </span>{' '}
          {S.transcribed}
        </span>
        {corrections ? (
          <span className={css.legendItem}>
            <span className={css.badge}>
              <SpellingIcon className={css.badgeIcon} />
            </span>{' '}
            {S.corrected}
          </span>
        ) : null}
      </p>
    </div>
  );
}
