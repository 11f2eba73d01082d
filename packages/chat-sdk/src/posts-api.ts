import type { HttpClient } from './http/http-client';
import { followPages } from './http/paging';
import {
  type Category,
  POST_PATHS,
  type Post,
  type PostContentType,
  type Profile,
  profilePath,
  profilePostsPath,
} from './protocol/posts';

export interface CreatePostInput {
  contentType: PostContentType;
  caption: string;
  categoryIds: number[];
  /** Required for image and video posts; ignored for text. */
  file?: Blob | null;
}

/** Thin typed calls for posts and profiles (spec §7, docs/protocol.md). */
export interface PostsApi {
  /** GET /posts/categories/. */
  categories(): Promise<Category[]>;
  /** Multipart POST /posts/create/ with content_type, caption, repeated categories and file. */
  create(input: CreatePostInput, onProgress?: (percent: number) => void): Promise<Post>;
  /** GET /posts/feed/: my and my connections' posts, newest first, one page per step. */
  feed(options?: { category?: number }): AsyncIterableIterator<Post[]>;
  /** GET /accounts/profile/:username/. */
  profile(username: string, options?: { signal?: AbortSignal }): Promise<Profile>;
  /** A profile's posts older than post `before` (the last one shown), one page per step. */
  olderProfilePosts(username: string, before: number): AsyncIterableIterator<Post[]>;
}

export function createPostsApi(http: HttpClient): PostsApi {
  return {
    categories: () => http.request<Category[]>(POST_PATHS.categories),
    create: (input, onProgress) => {
      const form = new FormData();
      form.append('content_type', input.contentType);
      form.append('caption', input.caption);
      for (const id of input.categoryIds) form.append('categories', String(id));
      // Choosing Text clears the file (spec §5): a text post never uploads one.
      if (input.file && input.contentType !== 'text') {
        form.append('file', input.file, fileName(input.file));
      }
      return http.request<Post>(POST_PATHS.create, {
        method: 'POST',
        form,
        ...(onProgress ? { onUploadProgress: onProgress } : {}),
      });
    },
    feed: (options = {}) =>
      followPages<Post>(
        http,
        options.category === undefined
          ? POST_PATHS.feed
          : `${POST_PATHS.feed}?category=${options.category}`,
      ),
    profile: (username, options) =>
      http.request<Profile>(profilePath(username), {
        ...(options?.signal ? { signal: options.signal } : {}),
      }),
    olderProfilePosts: (username, before) =>
      followPages<Post>(http, profilePostsPath(username, before)),
  };
}

function fileName(file: Blob): string {
  const name = (file as { name?: unknown }).name;
  if (typeof name === 'string' && name !== '') return name;
  const subtype = file.type.split('/')[1]?.split(/[;+]/)[0];
  return subtype ? `post.${subtype}` : 'post';
}
