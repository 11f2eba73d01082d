import { useEffect, useState } from 'react';
import * as css from './Flag.css';
import type { FlagSvg } from './flagImages';

let flags: Readonly<Record<string, FlagSvg>> | null = null;
let loading: Promise<Readonly<Record<string, FlagSvg>>> | null = null;

/**
 * The flag images, loaded once on first use: they are SVG images from country-flag-icons, the
 * same everywhere (flag emoji never render on Windows, nor without an emoji font).
 */
function loadFlags(): Promise<Readonly<Record<string, FlagSvg>>> {
  loading ??= import('./flagImages').then(
    (module) => {
      flags = module.FLAGS;
      return module.FLAGS;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The flag images once loaded (null until then); starts the load. */
function useFlags(): Readonly<Record<string, FlagSvg>> | null {
  const [loaded, setLoaded] = useState(flags);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadFlags().then(
      (images) => {
        if (live) setLoaded(images);
      },
      // Offline mid-load: the flag stays an empty frame of the same size; the name is beside it.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}

export interface FlagProps {
  /** ISO 3166-1 alpha-2 or subdivision ('GB-WLS'), as in the sdk's `Language.country`; none: a globe. */
  country?: string;
  /**
   * The accessible name (the language's name). Without it the flag is decorative and hidden from
   * assistive technology, for places where the name is already said next to it.
   */
  label?: string;
}

/** A language's flag, 3:2, one line high; a country outside the table gets the globe. */
export function Flag({ country, label }: FlagProps) {
  const images = useFlags();
  const code = country?.toUpperCase();
  if (code && !images) {
    // Loading: an empty frame of the flag's size, so nothing moves when it arrives.
    const a11y = label
      ? ({ role: 'img', 'aria-label': label } as const)
      : ({ 'aria-hidden': true } as const);
    return <span className={css.flag} {...a11y} data-country={country} data-loading="true" />;
  }
  const Svg = code ? images?.[code] : undefined;
  const a11y = label
    ? ({ role: 'img', 'aria-label': label } as const)
    : ({ 'aria-hidden': true } as const);
  return (
    <span className={css.flag} {...a11y} data-country={Svg ? country : 'globe'}>
      {Svg ? (
        <Svg aria-hidden="true" focusable="false" className={css.image} />
      ) : (
        <svg
          aria-hidden="true"
          focusable="false"
          className={css.globe}
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.75}
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
      )}
    </span>
  );
}
