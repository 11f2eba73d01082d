import type { Category } from '@parley/chat-sdk';
import { and, asc, count, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import {
  type PostRow,
  postCaptionTranslations,
  postCategories,
  postCategoryLinks,
  posts,
  users,
} from '../../db/schema.js';

export type NewPost = Pick<
  PostRow,
  'authorId' | 'contentType' | 'contentUrl' | 'mediaSize' | 'caption' | 'captionLanguage'
>;

/** The author as a post shows them (wire names). */
export interface PostAuthor {
  id: number;
  username: string;
  profile_image: string | null;
}

export interface FeedQuery {
  authorIds: readonly number[];
  /** Only posts filed under this category. */
  category?: number;
  limit: number;
  offset: number;
}

export interface StoredCaption {
  postId: number;
  text: string;
  failed: boolean;
}

export interface CaptionToStore {
  postId: number;
  language: string;
  text: string;
  engine: string | null;
}

/** Storage of posts, their categories and their captions' translations. */
export interface PostsRepository {
  categories(): Promise<Category[]>;
  /** Of `ids`, those that name a category. */
  knownCategoryIds(ids: readonly number[]): Promise<number[]>;
  /** The post and its category links, in one transaction. */
  create(post: NewPost, categoryIds: readonly number[]): Promise<PostRow>;
  /** Posts of some authors, newest first, and how many there are. */
  feedPage(query: FeedQuery): Promise<{ rows: PostRow[]; total: number }>;
  countByAuthor(authorId: number): Promise<number>;
  newestByAuthor(authorId: number, limit: number): Promise<PostRow[]>;
  /** The author's posts older than their post `beforeId`; null when that post is not theirs. */
  olderByAuthor(authorId: number, beforeId: number, limit: number): Promise<PostRow[] | null>;
  /** Category links of some posts, by category id. */
  categoryLinks(postIds: readonly number[]): Promise<{ postId: number; categoryId: number }[]>;
  authors(ids: readonly number[]): Promise<PostAuthor[]>;
  storedCaptions(postIds: readonly number[], language: string): Promise<StoredCaption[]>;
  saveCaption(caption: CaptionToStore): Promise<void>;
  /** Issue 29: one post, or null. */
  byId(id: number): Promise<PostRow | null>;
  /** Issue 29 (a moderator's remove_post): deletes the post; the deleted row, or null if gone. */
  remove(id: number): Promise<PostRow | null>;
}

const newestFirst = [desc(posts.createdAt), desc(posts.id)];

export function createPostsRepository(db: Database): PostsRepository {
  return {
    async byId(id) {
      const [row] = await db.select().from(posts).where(eq(posts.id, id)).limit(1);
      return row ?? null;
    },
    async remove(id) {
      // Its category links and caption translations go with it (on delete cascade).
      const [row] = await db.delete(posts).where(eq(posts.id, id)).returning();
      return row ?? null;
    },
    categories() {
      return db
        .select({ id: postCategories.id, name: postCategories.name })
        .from(postCategories)
        .orderBy(asc(postCategories.id));
    },
    async knownCategoryIds(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: postCategories.id })
        .from(postCategories)
        .where(inArray(postCategories.id, [...ids]));
      return rows.map((row) => row.id);
    },
    create(post, categoryIds) {
      return db.transaction(async (tx) => {
        const [inserted] = await tx.insert(posts).values(post).returning();
        if (!inserted) throw new Error('post insert returned nothing');
        await tx
          .insert(postCategoryLinks)
          .values(categoryIds.map((categoryId) => ({ postId: inserted.id, categoryId })));
        return inserted;
      });
    },
    async feedPage({ authorIds, category, limit, offset }) {
      const where = and(
        inArray(posts.authorId, [...authorIds]),
        category === undefined
          ? undefined
          : sql`exists (select 1 from ${postCategoryLinks} where ${postCategoryLinks.postId} = ${posts.id} and ${postCategoryLinks.categoryId} = ${category})`,
      );
      const [totals] = await db.select({ total: count() }).from(posts).where(where);
      const total = totals?.total ?? 0;
      if (offset > 0 && offset >= total) return { rows: [], total };
      const rows = await db
        .select()
        .from(posts)
        .where(where)
        .orderBy(...newestFirst)
        .limit(limit)
        .offset(offset);
      return { rows, total };
    },
    async countByAuthor(authorId) {
      const [totals] = await db
        .select({ total: count() })
        .from(posts)
        .where(eq(posts.authorId, authorId));
      return totals?.total ?? 0;
    },
    newestByAuthor(authorId, limit) {
      return db
        .select()
        .from(posts)
        .where(eq(posts.authorId, authorId))
        .orderBy(...newestFirst)
        .limit(limit);
    },
    async olderByAuthor(authorId, beforeId, limit) {
      const [cursor] = await db
        .select({ createdAt: posts.createdAt, id: posts.id })
        .from(posts)
        .where(and(eq(posts.id, beforeId), eq(posts.authorId, authorId)));
      if (!cursor) return null;
      return db
        .select()
        .from(posts)
        .where(
          and(
            eq(posts.authorId, authorId),
            or(
              lt(posts.createdAt, cursor.createdAt),
              and(eq(posts.createdAt, cursor.createdAt), lt(posts.id, cursor.id)),
            ),
          ),
        )
        .orderBy(...newestFirst)
        .limit(limit);
    },
    async categoryLinks(postIds) {
      if (postIds.length === 0) return [];
      return db
        .select({ postId: postCategoryLinks.postId, categoryId: postCategoryLinks.categoryId })
        .from(postCategoryLinks)
        .where(inArray(postCategoryLinks.postId, [...postIds]))
        .orderBy(postCategoryLinks.categoryId);
    },
    async authors(ids) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, username: users.username, profile_image: users.profileImage })
        .from(users)
        .where(inArray(users.id, [...ids]));
    },
    async storedCaptions(postIds, language) {
      if (postIds.length === 0) return [];
      return db
        .select({
          postId: postCaptionTranslations.postId,
          text: postCaptionTranslations.text,
          failed: postCaptionTranslations.failed,
        })
        .from(postCaptionTranslations)
        .where(
          and(
            inArray(postCaptionTranslations.postId, [...postIds]),
            eq(postCaptionTranslations.language, language),
          ),
        );
    },
    async saveCaption({ postId, language, text, engine }) {
      await db
        .insert(postCaptionTranslations)
        .values({ postId, language, text, engine })
        .onConflictDoUpdate({
          target: [postCaptionTranslations.postId, postCaptionTranslations.language],
          set: { text, engine, failed: false },
        });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    postsRepository: PostsRepository;
  }
}

/** Attaches `app.postsRepository`. */
export const postsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('postsRepository', createPostsRepository(options.db));
  },
  { name: 'posts-repository' },
);
