import type { MessageSearchMatch, MessageSearchPage } from '@parley/chat-sdk';
import { privateRoomName } from '@parley/chat-sdk';
import { expect } from 'vitest';
import { foldAccents } from '../../src/chat/search/searchFolding.js';
import {
  nameMessageFile,
  type RunQuery,
  storeSearchableMessage,
  storeVoiceNote,
} from './messageSearchSeed.js';

/** An English reader (ana) and a Spanish one (eva) sharing a private room, on either engine. */
export interface SearchPolishWorld {
  query: RunQuery;
  ana: { id: number; token: string };
  eva: { id: number; token: string };
  search(token: string, q: string): Promise<MessageSearchPage>;
}

const FOLD_SAMPLES = [
  'Señor Müller, ça va? Ελλάδα',
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöøùúûüýÿ',
  'ĀāĂăĄąĆćČčĎďĐđĒēĘęĚěĞğĦħİıŁłŃńŇňŐőŘřŚśŞşŠšŦŧŮůŰűŸŹźŻżŽž',
  'Tiếng Việt: người, đường, phở',
  'Łódź, Ørsted, Ħamrun, straße, æble, œuvre',
  'ёлка и йогурт, 한국어, 日本語, عربي, emoji 🎉',
  'plain ASCII stays as it is',
];

/** `{ start, end }` of each word in `text`, the way a match marks them. */
function rangesOf(text: string, ...words: string[]): MessageSearchMatch['ranges'] {
  return words.map((word) => {
    const start = text.indexOf(word);
    if (start < 0) throw new Error(`${word} is not in ${text}`);
    return { start, end: start + word.length };
  });
}

/**
 * Search polish (issue 25, round two), the same on PGlite (messageSearchPolish.test.ts) and on
 * PostgreSQL (messageSearchPostgres.test.ts): accents folded both ways with the marks on the
 * reader's characters, voice notes found by their transcript or its translation, files by name.
 */
export async function checkSearchPolish(world: SearchPolishWorld): Promise<void> {
  const { query, ana, eva } = world;
  // The database folds as searchFolding.ts does, and keeps each letter one letter.
  for (const sample of FOLD_SAMPLES) {
    const result = await query('select message_search_fold($1) as folded', [sample]);
    const folded = (result.rows[0] as { folded?: string } | undefined)?.folded;
    expect(folded, sample).toBe(foldAccents(sample));
    expect(folded?.length, sample).toBe(sample.length);
  }
  expect(foldAccents('Señor Müller, ça va? Ελλάδα')).toBe('Senor Muller, ca va? Ελλαδα');
  expect(foldAccents('Łódź, Ørsted, straße')).toBe('Lodz, Orsted, straße');

  const room = privateRoomName(ana.id, eva.id);
  const cafe = await storeSearchableMessage(query, {
    room,
    senderId: eva.id,
    text: 'Nos vemos en el café mañana',
    language: 'es',
    translations: { en: 'See you at the café tomorrow' },
  });
  const plainCafe = await storeSearchableMessage(query, {
    room,
    senderId: ana.id,
    text: 'Best cafe in town',
    language: 'en',
    translations: { es: 'El mejor cafe de la ciudad' },
  });
  const voice = await storeVoiceNote(query, {
    room,
    senderId: ana.id,
    transcript: 'The train leaves at noon',
    language: 'en',
    renditions: { es: 'El tren sale al mediodía' },
  });
  const file = await storeSearchableMessage(query, {
    room,
    senderId: ana.id,
    text: '',
    language: 'en',
  });
  await nameMessageFile(query, file, 'Presupuesto_año-2026.pdf');

  const matches = async (token: string, q: string) =>
    (await world.search(token, q)).results.map((r) => [r.message.id, r.match] as const);

  // 'cafe' finds 'café' (ana reads eva's message in English), marked on 'café' itself.
  const shown = 'See you at the café tomorrow';
  expect(await matches(ana.token, 'cafe')).toEqual([
    [
      plainCafe,
      {
        text: 'Best cafe in town',
        ranges: rangesOf('Best cafe in town', 'cafe'),
        in_original: false,
      },
    ],
    [cafe, { text: shown, ranges: rangesOf(shown, 'café'), in_original: false }],
  ]);
  // 'manana' finds 'mañana' through the Spanish stemming of the folded text.
  const original = 'Nos vemos en el café mañana';
  expect(await matches(eva.token, 'manana')).toEqual([
    [cafe, { text: original, ranges: rangesOf(original, 'mañana'), in_original: false }],
  ]);
  // And the other way: 'café' typed with its accent finds a plain 'cafe'.
  const plain = 'El mejor cafe de la ciudad';
  expect((await matches(eva.token, 'café')).map(([id, match]) => [id, match])).toEqual([
    [plainCafe, { text: plain, ranges: rangesOf(plain, 'cafe'), in_original: false }],
    [cafe, { text: original, ranges: rangesOf(original, 'café'), in_original: false }],
  ]);

  // A voice note by a word of the transcript in the reader's language, folded too…
  const rendition = 'El tren sale al mediodía';
  expect(await matches(eva.token, 'mediodia')).toEqual([
    [
      voice,
      {
        text: rendition,
        ranges: rangesOf(rendition, 'mediodía'),
        in_original: false,
        field: 'transcript',
      },
    ],
  ]);
  // …and by a word of the transcript as spoken (the sender's own, or typed as it stands).
  const spoken = 'The train leaves at noon';
  expect(await matches(ana.token, 'trains')).toEqual([
    [
      voice,
      { text: spoken, ranges: rangesOf(spoken, 'train'), in_original: false, field: 'transcript' },
    ],
  ]);
  expect(await matches(eva.token, 'train')).toEqual([
    [
      voice,
      { text: spoken, ranges: rangesOf(spoken, 'train'), in_original: true, field: 'transcript' },
    ],
  ]);

  // A file by the words of its name, accents folded, marked in the name.
  const name = 'Presupuesto_año-2026.pdf';
  expect(await matches(eva.token, 'presupuesto ano')).toEqual([
    [
      file,
      {
        text: name,
        ranges: rangesOf(name, 'Presupuesto', 'año'),
        in_original: false,
        field: 'file_name',
      },
    ],
  ]);
}
