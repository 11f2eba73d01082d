import { Parser } from 'htmlparser2';

/** What a page says about itself (Open Graph, Twitter cards, then plain HTML), as found. */
export interface PageMetadata {
  title: string | null;
  description: string | null;
  /** As the page wrote it: relative URLs are resolved by the caller against the page's URL. */
  image: string | null;
  siteName: string | null;
}

/** Longer texts are cut at a word: a card shows two lines of description. */
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 400;
const SITE_NAME_MAX = 100;

/** Properties in the order they are preferred for each field. */
const SOURCES = {
  title: ['og:title', 'twitter:title'],
  description: ['og:description', 'twitter:description', 'description'],
  image: ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'],
  siteName: ['og:site_name', 'application-name'],
} as const;

function tidy(text: string | null | undefined, max: number): string | null {
  if (!text) return null;
  // No control characters or runs of white space from the page reach a bubble.
  const flat = text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (flat === '') return null;
  if ([...flat].length <= max) return flat;
  const cut = [...flat].slice(0, max).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Reads a page's metadata with htmlparser2 (a tolerant, streaming HTML tokenizer): `<meta>`
 * property/name/content and the `<title>` text, entities decoded. Scripts and the body are never
 * run or kept; parsing stops being useful at `</head>`, so the fetcher only hands over the start
 * of a large page.
 */
export function readPageMetadata(html: string): PageMetadata {
  const found = new Map<string, string>();
  let titleText = '';
  let inTitle = false;
  let titleDone = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title' && !titleDone) inTitle = true;
        if (name !== 'meta') return;
        const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
        const content = attributes.content;
        if (key && content !== undefined && !found.has(key)) found.set(key, content);
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          titleDone = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const first = (keys: readonly string[]) => {
    for (const key of keys) {
      const value = found.get(key)?.trim();
      if (value) return value;
    }
    return null;
  };
  return {
    title: tidy(first(SOURCES.title) ?? titleText, TITLE_MAX),
    description: tidy(first(SOURCES.description), DESCRIPTION_MAX),
    image: first(SOURCES.image),
    siteName: tidy(first(SOURCES.siteName), SITE_NAME_MAX),
  };
}
