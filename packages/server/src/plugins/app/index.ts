import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { accountsRepositoryPlugin } from './accounts-repository.js';
import { connectionsRepositoryPlugin } from './connections-repository.js';
import { limitsRepositoryPlugin } from './limits-repository.js';
import { messagesRepositoryPlugin } from './messages-repository.js';
import { organizationsRepositoryPlugin } from './organizations-repository.js';
import { postsRepositoryPlugin } from './posts-repository.js';
import { roomsRepositoryPlugin } from './rooms-repository.js';
import { sessionsRepositoryPlugin } from './sessions-repository.js';
import { usersRepositoryPlugin } from './users-repository.js';

export type {
  AccountExportRows,
  AccountsRepository,
  DeletedAccountFiles,
} from './accounts-repository.js';
export { DELETED_ACCOUNT_NAME } from './accounts-repository.js';
export type {
  BlockedPageQuery,
  ConnectionsRepository,
  NewReport,
  PendingPageQuery,
  RequestOutcome,
  SummaryPageQuery,
  UserSummaryColumns,
} from './connections-repository.js';
export type { LimitsRepository, LimitWindowState } from './limits-repository.js';
export type { MessagesRepository, StoredMessage } from './messages-repository.js';
export type {
  InviteSummary,
  JoinOutcome,
  OrganizationsRepository,
} from './organizations-repository.js';
export type { FeedQuery, NewPost, PostAuthor, PostsRepository } from './posts-repository.js';
export type { RoomAccess, RoomsRepository } from './rooms-repository.js';
export type { SessionsRepository } from './sessions-repository.js';
export type {
  DeliveryMember,
  MessageSender,
  UserChanges,
  UserPageQuery,
  UsersRepository,
} from './users-repository.js';

/** Every repository, attached to the app once (`app.usersRepository`, …) for all route modules. */
export const repositoriesPlugin = fp(
  async (app: FastifyInstance, options: { db: Database }) => {
    await app.register(usersRepositoryPlugin, options);
    await app.register(messagesRepositoryPlugin, options);
    await app.register(roomsRepositoryPlugin, options);
    await app.register(sessionsRepositoryPlugin, options);
    await app.register(accountsRepositoryPlugin, options);
    await app.register(limitsRepositoryPlugin, options);
    await app.register(connectionsRepositoryPlugin, options);
    await app.register(postsRepositoryPlugin, options);
    await app.register(organizationsRepositoryPlugin, options);
  },
  { name: 'repositories' },
);
