import { privateRoomName } from '@parley/chat-sdk';

/** A parameterised query on PGlite or node-postgres. */
export type RunQuery = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

// Each English sentence part with its Spanish translation, so stored translations read like the
// engine's: 'The dog sleeps at home' ↔ 'El perro duerme en casa'.
const SUBJECTS = [
  ['The dog', 'El perro'],
  ['My sister', 'Mi hermana'],
  ['The train', 'El tren'],
  ['Our teacher', 'Nuestro profesor'],
  ['The cat', 'El gato'],
  ['Your brother', 'Tu hermano'],
  ['The neighbour', 'El vecino'],
  ['The baker', 'El panadero'],
];
const VERBS = [
  ['sleeps', 'duerme'],
  ['waits', 'espera'],
  ['works', 'trabaja'],
  ['reads', 'lee'],
  ['eats', 'come'],
  ['sings', 'canta'],
  ['walks', 'camina'],
];
const PLACES = [
  ['at home', 'en casa'],
  ['near the river', 'cerca del río'],
  ['in the library', 'en la biblioteca'],
  ['at the station', 'en la estación'],
  ['in the garden', 'en el jardín'],
  ['at the market', 'en el mercado'],
  ['after lunch', 'después de comer'],
  ['before the meeting', 'antes de la reunión'],
  ['with the children', 'con los niños'],
  ['on Sunday', 'el domingo'],
  ['all day', 'todo el día'],
];
/** One message in a thousand (in one of the reader's rooms) carries a rare word: the selective query. */
const RARE = ['Look, an elephant!', '¡Mira, un elefante!'];

export interface SearchSeed {
  /** The Spanish reader whose searches are measured. */
  readerId: number;
  readerRooms: string[];
}

/**
 * 100,000 messages (by default) in 100 private rooms among 101 people, a fifth of them the
 * reader's: English and Spanish originals alternating, each with its stored translation into the
 * other language, as the chat flow leaves them. Set-based statements, so it takes seconds.
 */
export async function seedSearchMessages(run: RunQuery, messages: number): Promise<SearchSeed> {
  const users = await run(
    `insert into users (username, email, phone, gender, password_hash, language)
     select 'seeker' || n, 'seeker' || n || '@example.com', '1', 'OTHER', 'x',
            case when n % 2 = 0 then 'Spanish' else 'English' end
     from generate_series(0, 100) as n order by n returning id`,
  );
  const ids = (users.rows as { id: number }[]).map((row) => row.id);
  const readerId = ids[0] as number;
  const others = ids.slice(1);
  // The reader's 20 rooms, then 80 between other people.
  const readerRooms = others.slice(0, 20).map((id) => privateRoomName(readerId, id));
  const otherRooms = others.slice(20, 100).map((id, i) => {
    const peer = others[(i + 1) % 20] as number;
    return privateRoomName(id, peer);
  });
  const rooms = [...readerRooms, ...otherRooms];
  const senders = rooms.map((room) => room.split('-').slice(1).map(Number));
  const words = (k: 0 | 1) => [
    SUBJECTS.map((pair) => pair[k] as string),
    VERBS.map((pair) => pair[k] as string),
    PLACES.map((pair) => pair[k] as string),
  ];
  const [enSubjects, enVerbs, enPlaces] = words(0);
  const [esSubjects, esVerbs, esPlaces] = words(1);
  // Message n's text in one language, the vocabulary passed from parameter $base on: English
  // subjects, verbs and places, then Spanish ones, then the rare line.
  const body = (spanish: boolean, n: string, base: number) => {
    const at = (i: number) => `$${base + i}`;
    const [s, v, p] = spanish ? [at(3), at(4), at(5)] : [at(0), at(1), at(2)];
    return `case when ${n} % 1000 = 1 then (${at(6)}::text[])[${spanish ? 2 : 1}]
      else (${s}::text[])[1 + (${n} / 3) % 8] || ' ' || (${v}::text[])[1 + (${n} / 5) % 7] || ' '
        || (${p}::text[])[1 + ${n} % 11] || ' (' || ${n} || ')' end`;
  };
  const vocabulary = [enSubjects, enVerbs, enPlaces, esSubjects, esVerbs, esPlaces, RARE];
  // Even n: an English original; odd n: a Spanish one. client_id keeps n for the translations.
  await run(
    `insert into messages (room, sender_id, message, original_message, original_language,
                           client_id, created_at)
     select room, sender, text, text, lang, 'seed-' || n, now() - ($1::int - n) * interval '1 second'
     from (
       select n, ($9::text[])[1 + n % 100] as room,
              ($10::int[])[1 + (n % 100) * 2 + (n / 7) % 2] as sender,
              case when n % 2 = 0 then 'en' else 'es' end as lang,
              case when n % 2 = 0 then ${body(false, 'n', 2)} else ${body(true, 'n', 2)} end as text
       from generate_series(1, $1::int) as n
     ) as m order by n`,
    [messages, ...vocabulary, rooms, senders.flat()],
  );
  // Each message's translation into the other language, as delivery stores it.
  await run(
    `insert into message_translations (message_id, language, text, engine)
     select id, case when n % 2 = 0 then 'es' else 'en' end,
            case when n % 2 = 0 then ${body(true, 'n', 1)} else ${body(false, 'n', 1)} end, 'bench'
     from (select id, substring(client_id from 6)::int as n from messages
           where client_id like 'seed-%') as m`,
    vocabulary,
  );
  await run('analyze messages');
  await run('analyze message_translations');
  return { readerId, readerRooms };
}
