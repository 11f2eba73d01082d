/**
 * A play-function check for a story rendered in another locale (issue 27): no text node and no
 * accessible label (aria-label, title, alt, placeholder) of the story may equal an English message
 * of the ui's or the sdk's catalog of more than one word. One-word messages are left out ('Chats',
 * 'OK' may well be the same word in the other language), and so are names and the brand, which are
 * never catalog messages. Messages with placeholders are compared by their text without them
 * ('Sign in to {productName}' → 'Sign in to '), only where that text is itself a phrase.
 */
import { expect } from 'storybook/test';
import sdkEnglish from '../../chat-sdk/src/i18n/messages/en.json';
import uiEnglish from '../src/i18n/messages/en.json';

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();

let english: Set<string> | undefined;

/** Every English message of more than one word, as it would be shown (plain messages only). */
function englishMessages(): Set<string> {
  if (english) return english;
  english = new Set();
  for (const message of Object.values({ ...sdkEnglish, ...uiEnglish } as Record<string, string>)) {
    if (message.includes('{')) continue;
    const text = normalise(message);
    if (text.split(' ').length > 1) english.add(text);
  }
  return english;
}

const LABELS = ['aria-label', 'title', 'alt', 'placeholder'] as const;

/** The English messages found in `root`'s text and labels, each with where it was found. */
export function englishLeftIn(root: HTMLElement): string[] {
  const messages = englishMessages();
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = normalise(node.textContent ?? '');
    if (messages.has(text)) found.push(`text "${text}"`);
  }
  // An element's whole text too: a message may be split over nodes ('Sign in' + <b>here</b>).
  for (const element of root.querySelectorAll<HTMLElement>('*')) {
    if (element.children.length > 0) {
      const text = normalise(element.textContent ?? '');
      if (messages.has(text)) found.push(`text "${text}" in <${element.localName}>`);
    }
    for (const name of LABELS) {
      const value = element.getAttribute(name);
      if (value && messages.has(normalise(value))) found.push(`${name} "${normalise(value)}"`);
    }
  }
  return [...new Set(found)];
}

/**
 * Fails the story when English is left in it: use it in a play function of a story rendered with
 * `globals: { locale: 'es' }` once the Spanish catalog is complete.
 */
export async function expectNoEnglishLeft(canvasElement: HTMLElement): Promise<void> {
  await expect(englishLeftIn(canvasElement), 'English left in the localised story').toEqual([]);
}
