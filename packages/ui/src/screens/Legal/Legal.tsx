import type { ReactNode } from 'react';
import { LEGAL_TEXT } from '../../legalText';
import * as css from '../private/account.css';

export const LEGAL_PAGES = ['privacy', 'terms'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export interface LegalScreenProps {
  page: LegalPage;
  /** Where "Back" goes (the previous page when the app knows it). */
  onBack?: () => void;
  /**
   * Issue 27: the app's interface-language switcher for signed-out visitors (e.g.
   * <InterfaceLanguagePicker compact …/>), shown at the end of the page's top line.
   */
  languageSwitcher?: ReactNode;
}

/** /privacy and /terms (public; linked from settings). */
export function LegalScreen({ page, onBack, languageSwitcher }: LegalScreenProps) {
  const doc = LEGAL_TEXT[page];
  return (
    <main className={css.page}>
      <article className={`${css.column} ${css.card}`}>
        <header className={css.header}>
          <h1 className={css.title}>{doc.title}</h1>
          {onBack ? (
            <button type="button" className={css.link} onClick={onBack}>
              {LEGAL_TEXT.back}
            </button>
          ) : null}
          {languageSwitcher}
        </header>
        <p className={css.muted}>{LEGAL_TEXT.updated}</p>
        {doc.sections.map((section) => (
          <section key={section.heading} className={css.prose}>
            <h2 className={css.cardTitle}>{section.heading}</h2>
            {section.paragraphs.map((text) => (
              <p key={text} className={css.text}>
                {text}
              </p>
            ))}
          </section>
        ))}
      </article>
    </main>
  );
}
