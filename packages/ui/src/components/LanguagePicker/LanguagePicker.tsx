import {
  displayLanguageName,
  findLanguage,
  interfaceLocale,
  LANGUAGES,
  type Language,
  languageCodeOf,
} from '@parley/chat-sdk';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { UI_STRINGS } from '../../strings';
import { Flag } from '../private/Flag';
import * as fieldCss from '../private/field.css';
import { useStableId } from '../private/useStableId';
import * as css from './LanguagePicker.css';
import { languageCapabilities, type PickerCapabilities } from './languageCapabilities';
import { filterLanguages, localizeLanguages } from './localizedLanguages';
import { CapabilityBadges, CapabilityLegend, optionLabel } from './private/CapabilityBadges';
import { useListboxNavigation } from './private/useListboxNavigation';

const S = UI_STRINGS.languagePicker;

export interface LanguagePickerProps {
  /** The chosen language name; matched case-insensitively against the list (spec §5). */
  value?: string | null;
  /** Reports the chosen language's NAME (spec §2), in the list's canonical spelling. */
  onChange: (name: string) => void;
  /** Called when focus leaves the whole picker (used to mark a form field touched). */
  onBlur?: () => void;
  /** A visible label above the button; its text is also part of the button's accessible name. */
  label?: string;
  id?: string;
  error?: string | null;
  disabled?: boolean;
  /** Defaults to the sdk's LANGUAGES (about 80 entries). */
  languages?: readonly Language[];
  /** Start open (stories and docs only). */
  defaultOpen?: boolean;
  /**
   * What the server can do with languages (GET /meta/capabilities): each option then shows
   * badges — translated, read aloud, transcribed — and the list a legend. Leave it out (or null
   * while loading, or when the call failed) and the picker claims nothing.
   */
  capabilities?: PickerCapabilities | null;
  /**
   * The language (name or code) translation badges are relative to, e.g. the reader's own in a
   * conversation; without it each option says how many languages it is translated with.
   */
  readerLanguage?: string | null;
}

/**
 * A dropdown button (flag + name) that opens a search box and a listbox of languages, following
 * the WAI-ARIA combobox pattern: arrows, Home/End, Enter to choose, Escape or a click outside to
 * close, typing filters. Flags are SVG images (loaded on first use) named after their language.
 * Given `capabilities`, each option shows what the server can do with it — translated (with the
 * reader's language, or with how many others), read aloud, transcribed — as drawn badges that its
 * accessible name says in words, with a legend. It offers a single choice only; multi-select is
 * deliberately out of scope, and it never hides a language the server cannot translate (people
 * still pick their own language; the badges say what to expect).
 */
export function LanguagePicker({
  value,
  onChange,
  onBlur,
  label,
  id,
  error,
  disabled = false,
  languages = LANGUAGES,
  defaultOpen = false,
  capabilities = null,
  readerLanguage = null,
}: LanguagePickerProps) {
  const baseId = useStableId(id);
  const ids = {
    label: `${baseId}-label`,
    trigger: baseId,
    popup: `${baseId}-popup`,
    list: `${baseId}-list`,
    error: `${baseId}-error`,
    value: `${baseId}-value`,
    legend: `${baseId}-legend`,
    option: (i: number) => `${baseId}-option-${i}`,
  };
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const selected = useMemo(
    () =>
      languages === LANGUAGES
        ? findLanguage(value)
        : languages.find((l) => l.name.toLocaleLowerCase() === value?.trim().toLocaleLowerCase()),
    [languages, value],
  );
  const [open, setOpen] = useState(defaultOpen);
  const [query, setQuery] = useState('');
  // Names in the interface locale (the English name beside them, still searchable); the value
  // reported stays the picker name.
  const locale = interfaceLocale();
  const localized = useMemo(() => localizeLanguages(languages, locale), [languages, locale]);
  const results = useMemo(() => filterLanguages(localized, query), [localized, query]);
  const selectedName = selected ? displayLanguageName(selected.name, locale) : undefined;
  const {
    active,
    setActive,
    onKeyDown: onSearchKeyDown,
  } = useListboxNavigation({
    items: results,
    open,
    optionId: ids.option,
    onChoose: (entry) => choose(entry.language),
    onEscape: () => close(true),
    onTab: () => setOpen(false),
  });
  const readerCode = languageCodeOf(readerLanguage);
  const readerName = readerCode ? displayLanguageName(readerCode, locale) : undefined;
  // Computed when the list opens (80 × 80 route look-ups), once per capabilities answer.
  const capabilityByName = useMemo(
    () => (open && capabilities ? languageCapabilities(capabilities, languages, readerCode) : null),
    [open, capabilities, languages, readerCode],
  );
  const translatedCount = capabilityByName
    ? [...capabilityByName.values()].filter((c) => c.partners > 0).length
    : 0;

  function openPicker() {
    if (disabled) return;
    setQuery('');
    const index = selected ? languages.findIndex((l) => l.name === selected.name) : 0;
    setActive(Math.max(0, index));
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }

  function choose(language: Language) {
    onChange(language.name);
    close(true);
  }

  // Focus the search box when the popup opens.
  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

  const onBlurRef = useRef(onBlur);
  onBlurRef.current = onBlur;

  // A click (pointer down) anywhere outside closes the picker and counts as leaving it.
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current?.contains(event.target as Node)) return;
      setOpen(false);
      onBlurRef.current?.();
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
      event.preventDefault();
      openPicker();
    }
  }

  const hasResults = results.length > 0;
  const activeOption = open && hasResults && active >= 0 ? ids.option(active) : undefined;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: this only observes focus leaving the picker's own controls (focusout bubbles); it adds no interaction.
    <div
      ref={rootRef}
      className={css.root}
      onBlur={(event) => {
        if (rootRef.current?.contains(event.relatedTarget as Node | null)) return;
        setOpen(false);
        onBlur?.();
      }}
    >
      {label ? (
        <span id={ids.label} className={fieldCss.label}>
          {label}
        </span>
      ) : null}
      <button
        ref={triggerRef}
        id={ids.trigger}
        type="button"
        className={css.trigger}
        disabled={disabled}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? ids.popup : undefined}
        aria-labelledby={label ? `${ids.label} ${ids.value}` : ids.value}
        aria-describedby={error ? ids.error : undefined}
        data-invalid={error ? true : undefined}
        onClick={() => (open ? close(false) : openPicker())}
        onKeyDown={onTriggerKeyDown}
      >
        <Flag country={selected?.country} label={selectedName} />
        <span id={ids.value} className={css.triggerText}>
          {selectedName ?? S.defaultLabel}
        </span>
        <svg className={css.chevron} viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      {open ? (
        <div id={ids.popup} className={css.popup}>
          <input
            ref={searchRef}
            type="text"
            role="combobox"
            className={css.search}
            value={query}
            placeholder={S.searchPlaceholder}
            aria-label={S.searchLabel}
            aria-autocomplete="list"
            aria-expanded={hasResults}
            aria-controls={hasResults ? ids.list : undefined}
            aria-activedescendant={activeOption}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => {
              const next = event.target.value;
              setQuery(next);
              setActive(filterLanguages(localized, next).length > 0 ? 0 : -1);
            }}
            onKeyDown={onSearchKeyDown}
          />
          {hasResults ? (
            <div
              ref={listRef}
              id={ids.list}
              role="listbox"
              aria-label={S.listLabel}
              aria-describedby={capabilityByName ? ids.legend : undefined}
              className={css.list}
              // Keep focus in the search box when an option is clicked.
              onMouseDown={(event) => event.preventDefault()}
            >
              {results.map(({ language, shown, english }, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection is handled by the combobox input (aria-activedescendant).
                // biome-ignore lint/a11y/useFocusableInteractive: options stay unfocusable in the aria-activedescendant pattern; focus remains in the search box.
                <div
                  key={language.name}
                  id={ids.option(index)}
                  role="option"
                  aria-selected={selected?.name === language.name}
                  aria-label={optionLabel(
                    english ? `${shown} ${english}` : shown,
                    capabilityByName?.get(language.name),
                    readerName,
                  )}
                  data-active={index === active}
                  className={css.option}
                  onClick={() => choose(language)}
                  onPointerMove={() => setActive(index)}
                >
                  <Flag country={language.country} label={shown} />
                  <span className={css.optionName}>
                    {shown}
                    {english ? ' ' : null}
                    {english ? (
                      <span className={css.optionEnglish} lang="en">
                        {english}
                      </span>
                    ) : null}
                  </span>
                  <CapabilityBadges
                    capability={capabilityByName?.get(language.name)}
                    readerName={readerName}
                  />
                </div>
              ))}
            </div>
          ) : (
            <p className={css.empty} role="status">
              {S.noMatches}
            </p>
          )}
          {capabilityByName ? (
            <CapabilityLegend
              id={ids.legend}
              readerName={readerName}
              translated={translatedCount}
              total={languages.length}
              corrections={Boolean(capabilities?.corrections)}
            />
          ) : null}
        </div>
      ) : null}
      {error ? (
        <p id={ids.error} className={fieldCss.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
