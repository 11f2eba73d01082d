import { and, asc, count, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import {
  type DriveAccountRow,
  driveAccounts,
  driveBackedUpFiles,
  driveOauthStates,
  type MediaUploadRow,
  mediaUploads,
} from '../../db/schema.js';

/** An authorization started and not yet come back (state, PKCE verifier). */
export type DriveOauthStateRow = typeof driveOauthStates.$inferSelect;

/** Sealed tokens of a Drive connection (drive/tokenCipher.ts seals them). */
export type DriveTokenChanges = Partial<
  Pick<DriveAccountRow, 'refreshToken' | 'accessToken' | 'accessExpiresAt'>
>;

/**
 * Google Drive connections, their pending authorizations and what was copied where. A file is
 * pending while its owner's upload of a backed-up kind has no copy yet.
 */
export interface DriveRepository {
  account(userId: number): Promise<DriveAccountRow | null>;
  /** Creates or replaces the person's connection with these sealed tokens. */
  saveAccount(
    userId: number,
    tokens: Required<Pick<DriveAccountRow, 'refreshToken' | 'accessToken' | 'accessExpiresAt'>>,
  ): Promise<void>;
  updateAccount(
    userId: number,
    changes: DriveTokenChanges & Partial<Pick<DriveAccountRow, 'folderId' | 'lastBackupAt'>>,
  ): Promise<void>;
  /** Removes the connection; the removed row, or null when there was none. */
  deleteAccount(userId: number): Promise<DriveAccountRow | null>;
  /** Forgets every copy recorded for the person. */
  forgetCopies(userId: number): Promise<void>;
  copiedCount(userId: number): Promise<number>;
  pendingCount(userId: number, kinds: readonly string[]): Promise<number>;
  /** The person's pending uploads of these kinds, oldest first. */
  pending(userId: number, kinds: readonly string[], limit: number): Promise<MediaUploadRow[]>;
  recordCopy(userId: number, uploadId: number, driveFileId: string): Promise<void>;
  /** Remembers a new authorization, dropping those started before `staleBefore`. */
  startAuthorization(
    row: Pick<DriveOauthStateRow, 'state' | 'userId' | 'codeVerifier'>,
    staleBefore: Date,
  ): Promise<void>;
  /** Takes an authorization by its state: it is used once, whatever happens next. */
  takeAuthorization(state: string): Promise<DriveOauthStateRow | null>;
}

function pendingFor(userId: number, kinds: readonly string[]) {
  return and(
    eq(mediaUploads.ownerId, userId),
    inArray(mediaUploads.kind, [...kinds]),
    isNull(driveBackedUpFiles.uploadId),
  );
}

export function createDriveRepository(db: Database): DriveRepository {
  return {
    async account(userId) {
      const [row] = await db.select().from(driveAccounts).where(eq(driveAccounts.userId, userId));
      return row ?? null;
    },
    async saveAccount(userId, tokens) {
      await db
        .insert(driveAccounts)
        .values({ userId, ...tokens })
        .onConflictDoUpdate({ target: driveAccounts.userId, set: tokens });
    },
    async updateAccount(userId, changes) {
      await db.update(driveAccounts).set(changes).where(eq(driveAccounts.userId, userId));
    },
    async deleteAccount(userId) {
      const [row] = await db
        .delete(driveAccounts)
        .where(eq(driveAccounts.userId, userId))
        .returning();
      return row ?? null;
    },
    async forgetCopies(userId) {
      await db.delete(driveBackedUpFiles).where(eq(driveBackedUpFiles.userId, userId));
    },
    async copiedCount(userId) {
      const [row] = await db
        .select({ n: count() })
        .from(driveBackedUpFiles)
        .where(eq(driveBackedUpFiles.userId, userId));
      return row?.n ?? 0;
    },
    async pendingCount(userId, kinds) {
      const [row] = await db
        .select({ n: count() })
        .from(mediaUploads)
        .leftJoin(driveBackedUpFiles, eq(driveBackedUpFiles.uploadId, mediaUploads.id))
        .where(pendingFor(userId, kinds));
      return row?.n ?? 0;
    },
    async pending(userId, kinds, limit) {
      const rows = await db
        .select({ upload: mediaUploads })
        .from(mediaUploads)
        .leftJoin(driveBackedUpFiles, eq(driveBackedUpFiles.uploadId, mediaUploads.id))
        .where(pendingFor(userId, kinds))
        .orderBy(asc(mediaUploads.id))
        .limit(limit);
      return rows.map((row) => row.upload);
    },
    async recordCopy(userId, uploadId, driveFileId) {
      await db
        .insert(driveBackedUpFiles)
        .values({ uploadId, userId, driveFileId })
        .onConflictDoNothing();
    },
    async startAuthorization(row, staleBefore) {
      await db.delete(driveOauthStates).where(lt(driveOauthStates.createdAt, staleBefore));
      await db.insert(driveOauthStates).values(row);
    },
    async takeAuthorization(state) {
      const [row] = await db
        .delete(driveOauthStates)
        .where(eq(driveOauthStates.state, state))
        .returning();
      return row ?? null;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    driveRepository: DriveRepository;
  }
}

/** Attaches `app.driveRepository`. */
export const driveRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('driveRepository', createDriveRepository(options.db));
  },
  { name: 'drive-repository' },
);
