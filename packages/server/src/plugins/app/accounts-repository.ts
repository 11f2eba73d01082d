import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import {
  blocks,
  connections,
  driveAccounts,
  driveBackedUpFiles,
  driveOauthStates,
  groupMembers,
  groups,
  mediaUploads,
  messages,
  organizationMembers,
  organizations,
  postCategories,
  postCategoryLinks,
  posts,
  pushSubscriptions,
  refreshTokens,
  reports,
  subscriptions,
  type UserRow,
  usageCounters,
  users,
} from '../../db/schema.js';
import { refreshPlanFlags } from './plan-flags.js';
import type { StoredRefreshToken } from './sessions-repository.js';

/** The name a deleted account's messages show under (history, chat lists, group members). */
export const DELETED_ACCOUNT_NAME = 'Deleted account';

/** Marks a password hash no password verifies against (not the `scrypt$…` form). */
const NO_PASSWORD = '!deleted';

/** What has to leave the disk once a deletion has committed. */
export interface DeletedAccountFiles {
  /** Stored names under `<media>/chat/` (uploads, thumbnails, synthesized speech). */
  chatFiles: string[];
  /** `/posts/media/…` URLs of the person's posts. */
  postUrls: string[];
  /** The profile image's `/media/…` URL, or null. */
  profileImage: string | null;
}

/** Rows of one person gathered for "Export my data" (shaped into AccountExport by the route). */
export interface AccountExportRows {
  user: UserRow;
  messages: {
    id: number;
    room: string;
    groupName: string | null;
    originalMessage: string;
    originalLanguage: string | null;
    fileType: string;
    fileName: string | null;
    fileUrl: string | null;
    createdAt: Date;
  }[];
  /** The other person of each private room the messages were sent in, by id. */
  partnerNames: Map<number, string>;
  posts: {
    id: number;
    contentType: string;
    contentUrl: string | null;
    caption: string;
    captionLanguage: string | null;
    createdAt: Date;
    categories: string[];
  }[];
  connections: {
    username: string;
    status: string;
    sentByMe: boolean;
    createdAt: Date;
    acceptedAt: Date | null;
  }[];
  blocked: { username: string; createdAt: Date }[];
  groups: { name: string; joinedAt: Date }[];
  organization: { administrator: string; isAdmin: boolean; joinedAt: Date } | null;
  subscriptions: {
    plan: string;
    seats: number;
    status: string;
    provider: string;
    currentPeriodEnd: Date | null;
    cancelAtPeriodEnd: boolean;
    createdAt: Date;
  }[];
  pushDevices: number;
  drive: { connectedAt: Date; lastBackupAt: Date | null } | null;
}

/** What registration stores for a new account. */
export type NewAccount = Pick<
  UserRow,
  'username' | 'email' | 'phone' | 'gender' | 'language' | 'passwordHash'
>;

/** Storage behind sign-up, sign-in and the person's own account controls. */
export interface AccountsRepository {
  /**
   * Creates the account and stores its first refresh token, in one transaction. Throws the
   * database's unique violation when the username or e-mail was taken meanwhile.
   */
  register(
    account: NewAccount,
    token: StoredRefreshToken,
  ): Promise<{ id: number; username: string }>;
  /**
   * The live account a login names, by username or e-mail (case-insensitively, already folded);
   * a username match wins over an e-mail match, since usernames may contain '@'.
   */
  signInCandidate(
    folded: string,
  ): Promise<{ id: number; username: string; passwordHash: string } | null>;
  /** Usernames and e-mails of accounts whose username or e-mail matches either, case-insensitively. */
  sameNames(
    username: string | undefined,
    email: string | undefined,
  ): Promise<{ username: string; email: string }[]>;
  /** The password hash of a live account, or null. */
  passwordHash(userId: number): Promise<string | null>;
  savePasswordHash(userId: number, hash: string): Promise<void>;
  /**
   * Takes one unit of a per-day budget stored in `usage_counters` (so every instance sees it);
   * false when `limit` were already taken on `day`.
   */
  takeDailyUnit(userId: number, kind: string, day: string, limit: number): Promise<boolean>;
  /** A recurring plan that would keep renewing (and charging) after the account is gone. */
  hasRenewingSubscription(userId: number): Promise<boolean>;
  /**
   * Removes the person's personal data in one transaction and leaves the row as a tombstone
   * (DELETED_ACCOUNT_NAME) so their messages in other people's conversations keep a sender.
   * Null when the account does not exist or was already deleted.
   */
  deleteAccount(userId: number): Promise<DeletedAccountFiles | null>;
  exportRows(userId: number): Promise<AccountExportRows | null>;
}

export function createAccountsRepository(db: Database): AccountsRepository {
  return {
    register(account, token) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values(account)
          .returning({ id: users.id, username: users.username });
        if (!row) throw new Error('insert returned no row');
        await tx.insert(refreshTokens).values({ userId: row.id, ...token });
        return row;
      });
    },

    async signInCandidate(folded) {
      const [row] = await db
        .select({ id: users.id, username: users.username, passwordHash: users.passwordHash })
        .from(users)
        .where(
          and(
            isNull(users.deletedAt),
            or(eq(sql`lower(${users.username})`, folded), eq(sql`lower(${users.email})`, folded)),
          ),
        )
        .orderBy(sql`(lower(${users.username}) = ${folded}) desc`)
        .limit(1);
      return row ?? null;
    },

    async sameNames(username, email) {
      const conditions = [];
      if (username !== undefined) {
        conditions.push(eq(sql`lower(${users.username})`, username.toLowerCase()));
      }
      if (email !== undefined) {
        conditions.push(eq(sql`lower(${users.email})`, email.toLowerCase()));
      }
      if (conditions.length === 0) return [];
      return db
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(or(...conditions));
    },

    async passwordHash(userId) {
      const [row] = await db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1);
      return row?.hash ?? null;
    },

    async savePasswordHash(userId, hash) {
      await db
        .update(users)
        .set({ passwordHash: hash, updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
    },

    async takeDailyUnit(userId, kind, day, limit) {
      const rows = await db
        .insert(usageCounters)
        .values({ userId, day, kind, count: 1 })
        .onConflictDoUpdate({
          target: [usageCounters.userId, usageCounters.day, usageCounters.kind],
          set: { count: sql`${usageCounters.count} + 1` },
          setWhere: sql`${usageCounters.count} < ${limit}`,
        })
        .returning({ count: usageCounters.count });
      return rows.length > 0;
    },

    async hasRenewingSubscription(userId) {
      const rows = await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.userId, userId),
            inArray(subscriptions.status, ['active', 'past_due']),
            ne(subscriptions.plan, 'lifetime'),
            eq(subscriptions.cancelAtPeriodEnd, false),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    deleteAccount(userId) {
      return db.transaction(async (tx) => {
        // The row lock makes two deletions (or a deletion and a settings change) take turns.
        const [user] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .for('update');
        if (!user) return null;

        const uploads = await tx
          .delete(mediaUploads)
          .where(eq(mediaUploads.ownerId, userId))
          .returning({
            storedName: mediaUploads.storedName,
            thumbnail: mediaUploads.thumbnailName,
          });
        const chatFiles = uploads.flatMap((u) =>
          u.thumbnail ? [u.storedName, u.thumbnail] : [u.storedName],
        );
        const removedPosts = await tx
          .delete(posts)
          .where(eq(posts.authorId, userId))
          .returning({ contentUrl: posts.contentUrl });

        // The people this person followed (accepted requests they sent) lose a follower.
        const followed = await tx
          .delete(connections)
          .where(or(eq(connections.fromUserId, userId), eq(connections.toUserId, userId)))
          .returning();
        for (const row of followed) {
          if (row.status !== 'accepted' || row.fromUserId !== userId) continue;
          await tx
            .update(users)
            .set({ followersCount: sql`greatest(${users.followersCount} - 1, 0)` })
            .where(eq(users.id, row.toUserId));
        }
        await tx
          .delete(blocks)
          .where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
        await tx
          .delete(reports)
          .where(or(eq(reports.reporterId, userId), eq(reports.reportedUserId, userId)));
        await tx.delete(groupMembers).where(eq(groupMembers.userId, userId));

        // An administrator's organisation ends with the account: its members lose their seat.
        const [owned] = await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.adminId, userId));
        // Read before the organisation goes: its member rows go with it (cascade).
        const formerMembers = owned
          ? await tx
              .select({ userId: organizationMembers.userId })
              .from(organizationMembers)
              .where(eq(organizationMembers.organizationId, owned.id))
          : [];
        if (owned) await tx.delete(organizations).where(eq(organizations.id, owned.id));
        await tx.delete(organizationMembers).where(eq(organizationMembers.userId, userId));
        for (const member of formerMembers) {
          if (member.userId !== userId)
            await refreshPlanFlags(tx as unknown as Database, member.userId);
        }

        await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
        await tx.delete(driveBackedUpFiles).where(eq(driveBackedUpFiles.userId, userId));
        await tx.delete(driveAccounts).where(eq(driveAccounts.userId, userId));
        await tx.delete(driveOauthStates).where(eq(driveOauthStates.userId, userId));
        await tx.delete(usageCounters).where(eq(usageCounters.userId, userId));

        await tx
          .update(users)
          .set({
            username: DELETED_ACCOUNT_NAME,
            email: '',
            phone: '',
            gender: 'OTHER',
            passwordHash: NO_PASSWORD,
            firstName: null,
            lastName: null,
            profileImage: null,
            profileInfo: '',
            chatTheme: 'default',
            muteSounds: false,
            voiceOutputEnabled: true,
            autoCorrect: false,
            subscriptionActive: false,
            isOrgAdmin: false,
            orgInviteToken: null,
            isLifetime: false,
            orgMaxUsers: null,
            followersCount: 0,
            timezone: null,
            interfaceLanguage: null,
            deletedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(users.id, userId));

        return {
          chatFiles,
          postUrls: removedPosts.flatMap((p) => (p.contentUrl ? [p.contentUrl] : [])),
          profileImage: user.profileImage,
        };
      });
    },

    async exportRows(userId) {
      const [user] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1);
      if (!user) return null;

      const sent = await db
        .select({
          id: messages.id,
          room: messages.room,
          groupName: groups.name,
          originalMessage: messages.originalMessage,
          originalLanguage: messages.originalLanguage,
          fileType: messages.fileType,
          fileName: messages.fileName,
          fileUrl: messages.fileUrl,
          createdAt: messages.createdAt,
        })
        .from(messages)
        .leftJoin(groups, eq(groups.slug, messages.room))
        .where(eq(messages.senderId, userId))
        .orderBy(asc(messages.id));

      const partnerIds = new Set<number>();
      for (const row of sent) {
        const match = /^private-(\d+)-(\d+)$/.exec(row.room);
        if (!match) continue;
        const [low, high] = [Number(match[1]), Number(match[2])];
        partnerIds.add(low === userId ? high : low);
      }
      const partners =
        partnerIds.size === 0
          ? []
          : await db
              .select({ id: users.id, username: users.username })
              .from(users)
              .where(inArray(users.id, [...partnerIds]));

      const postRows = await db
        .select()
        .from(posts)
        .where(eq(posts.authorId, userId))
        .orderBy(asc(posts.id));
      const links =
        postRows.length === 0
          ? []
          : await db
              .select({ postId: postCategoryLinks.postId, name: postCategories.name })
              .from(postCategoryLinks)
              .innerJoin(postCategories, eq(postCategories.id, postCategoryLinks.categoryId))
              .where(
                inArray(
                  postCategoryLinks.postId,
                  postRows.map((p) => p.id),
                ),
              );

      const otherUser = sql<number>`case when ${connections.fromUserId} = ${userId} then ${connections.toUserId} else ${connections.fromUserId} end`;
      const connectionRows = await db
        .select({
          username: users.username,
          status: connections.status,
          fromUserId: connections.fromUserId,
          createdAt: connections.createdAt,
          acceptedAt: connections.acceptedAt,
        })
        .from(connections)
        .innerJoin(users, eq(users.id, otherUser))
        .where(or(eq(connections.fromUserId, userId), eq(connections.toUserId, userId)))
        .orderBy(asc(connections.id));

      const blockedRows = await db
        .select({ username: users.username, createdAt: blocks.createdAt })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(eq(blocks.blockerId, userId))
        .orderBy(asc(blocks.createdAt));

      const groupRows = await db
        .select({ name: groups.name, joinedAt: groupMembers.joinedAt })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(eq(groupMembers.userId, userId))
        .orderBy(asc(groupMembers.joinedAt));

      const [membership] = await db
        .select({
          administrator: users.username,
          adminId: organizations.adminId,
          joinedAt: organizationMembers.joinedAt,
        })
        .from(organizationMembers)
        .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
        .innerJoin(users, eq(users.id, organizations.adminId))
        .where(eq(organizationMembers.userId, userId))
        .limit(1);

      const subscriptionRows = await db
        .select({
          plan: subscriptions.plan,
          seats: subscriptions.seats,
          status: subscriptions.status,
          provider: subscriptions.provider,
          currentPeriodEnd: subscriptions.currentPeriodEnd,
          cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
          createdAt: subscriptions.createdAt,
        })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(asc(subscriptions.id));

      const [devices] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));
      const [drive] = await db
        .select({
          connectedAt: driveAccounts.connectedAt,
          lastBackupAt: driveAccounts.lastBackupAt,
        })
        .from(driveAccounts)
        .where(eq(driveAccounts.userId, userId))
        .limit(1);

      return {
        user,
        messages: sent,
        partnerNames: new Map(partners.map((p) => [p.id, p.username])),
        posts: postRows.map((p) => ({
          id: p.id,
          contentType: p.contentType,
          contentUrl: p.contentUrl,
          caption: p.caption,
          captionLanguage: p.captionLanguage,
          createdAt: p.createdAt,
          categories: links.filter((l) => l.postId === p.id).map((l) => l.name),
        })),
        connections: connectionRows.map((c) => ({
          username: c.username,
          status: c.status,
          sentByMe: c.fromUserId === userId,
          createdAt: c.createdAt,
          acceptedAt: c.acceptedAt,
        })),
        blocked: blockedRows,
        groups: groupRows,
        organization: membership
          ? {
              administrator: membership.administrator,
              isAdmin: membership.adminId === userId,
              joinedAt: membership.joinedAt,
            }
          : null,
        subscriptions: subscriptionRows,
        pushDevices: devices?.n ?? 0,
        drive: drive ?? null,
      };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    accountsRepository: AccountsRepository;
  }
}

/** Attaches `app.accountsRepository`. */
export const accountsRepositoryPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    app.decorate('accountsRepository', createAccountsRepository(options.db));
  },
  { name: 'accounts-repository' },
);
