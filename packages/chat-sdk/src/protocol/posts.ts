/** Wire types of posts and profiles (spec §3 and §7; docs/protocol.md, Posts and profiles). */

export const POST_PATHS = {
  categories: '/posts/categories/',
  create: '/posts/create/',
  /** Parley's feed: posts of the caller and their accepted connections, newest first (paged). */
  feed: '/posts/feed/',
} as const;

/** GET /accounts/profile/:username/. */
export function profilePath(username: string): string {
  return `/accounts/profile/${encodeURIComponent(username)}/`;
}

/**
 * Parley extension: GET → `{results, next, count}`, a person's posts older than post `before`
 * (newest first, a page at a time), for a profile with more posts than its answer carries.
 */
export function profilePostsPath(username: string, before: number): string {
  return `${profilePath(username)}posts/?before=${before}`;
}

export const POST_CONTENT_TYPES = ['image', 'video', 'text'] as const;
export type PostContentType = (typeof POST_CONTENT_TYPES)[number];

/** Category (spec §3). */
export interface Category {
  id: number;
  name: string;
}

/** Post (spec §3), plus Parley's extensions for the translated feed. */
export interface Post {
  id: number;
  content_type: PostContentType;
  /** A URL path served by the server, null for text posts. */
  content_url: string | null;
  /** In the reader's language when it was translated for them. */
  caption: string;
  /** Category ids. */
  categories: number[];
  /** Extensions: the caption as written and its language (ISO 639-1), for 'View original'. */
  original_caption?: string;
  original_language?: string | null;
  /** True when `caption` is a translation that differs from the original. */
  translated?: boolean;
  /** The reader's language differs but no translation was possible: `caption` is the original. */
  translation_failed?: boolean;
  /** ISO 8601. */
  created_at?: string;
  /** The author (feed rows). */
  author?: { id: number; username: string; profile_image: string | null };
}

/** Profile (spec §3), `posts` newest first. */
export interface Profile {
  id: number;
  username: string;
  profile_image: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_info: string;
  post_count: number;
  followers_count: number;
  following_count: number;
  posts: Post[];
  /**
   * Parley extension: the reader has blocked this person (they offer Unblock instead of Connect).
   * Absent from a spec-only backend, which reads as not blocked.
   */
  blocked?: boolean;
  /**
   * Parley extension (issue 25): the bio (`profile_info`) in the reader's language, when it is
   * written in another one and the server could translate it. Absent otherwise (and from a
   * spec-only backend): the bio shows as written.
   */
  bio_translation?: BioTranslation;
}

/** A bio translated for its reader: `profile_info` stays the original. */
export interface BioTranslation {
  /** The bio in `language`. */
  text: string;
  /** ISO code of `text`: the reader's language. */
  language: string;
  /** ISO code the bio is written in. */
  original_language: string;
}

/** The server's size limits for post files (also in the server README). */
export const POST_LIMITS = {
  imageMaxBytes: 10 * 1024 * 1024,
  videoMaxBytes: 50 * 1024 * 1024,
  captionMaxChars: 2200,
  categoriesMax: 10,
} as const;
