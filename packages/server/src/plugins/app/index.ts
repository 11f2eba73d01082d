import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/database.js';
import { accountsRepositoryPlugin } from './accounts-repository.js';
import { billingRepositoryPlugin } from './billing-repository.js';
import { callsRepositoryPlugin } from './calls-repository.js';
import { chatMutesRepositoryPlugin } from './chat-mutes-repository.js';
import { connectionsRepositoryPlugin } from './connections-repository.js';
import { driveRepositoryPlugin } from './drive-repository.js';
import { fanoutRepositoryPlugin } from './fanout-repository.js';
import { limitsRepositoryPlugin } from './limits-repository.js';
import { messageActionsRepositoryPlugin } from './message-actions-repository.js';
import { messageRequestsRepositoryPlugin } from './message-requests-repository.js';
import { messageSearchRepositoryPlugin } from './message-search-repository.js';
import { messagesRepositoryPlugin } from './messages-repository.js';
import { moderationRepositoryPlugin } from './moderation-repository.js';
import { neverTranslatedRepositoryPlugin } from './never-translated-repository.js';
import { operatorsRepositoryPlugin } from './operators-repository.js';
import { organizationsRepositoryPlugin } from './organizations-repository.js';
import { postsRepositoryPlugin } from './posts-repository.js';
import { presenceRepositoryPlugin } from './presence-repository.js';
import { pushRepositoryPlugin } from './push-repository.js';
import { reactionsRepositoryPlugin } from './reactions-repository.js';
import { receiptsRepositoryPlugin } from './receipts-repository.js';
import { roomsRepositoryPlugin } from './rooms-repository.js';
import { sessionsRepositoryPlugin } from './sessions-repository.js';
import { speechAnswersRepositoryPlugin } from './speech-answers-repository.js';
import { translationTrustRepositoryPlugin } from './translation-trust-repository.js';
import { unreadCountsRepositoryPlugin } from './unread-counts-repository.js';
import { uploadsRepositoryPlugin } from './uploads-repository.js';
import { usageRepositoryPlugin } from './usage-repository.js';
import { usersRepositoryPlugin } from './users-repository.js';

export type {
  AccountExportRows,
  AccountsRepository,
  DeletedAccountFiles,
  NewAccount,
} from './accounts-repository.js';
export { DELETED_ACCOUNT_NAME } from './accounts-repository.js';
export type { BillingRepository, BillingTransaction } from './billing-repository.js';
export type { CallsRepository, StoredCall } from './calls-repository.js';
export type { ChatMutesRepository } from './chat-mutes-repository.js';
export type {
  BlockedPageQuery,
  ConnectionsRepository,
  NewReport,
  PendingPageQuery,
  RequestOutcome,
  SummaryPageQuery,
  UserSummaryColumns,
} from './connections-repository.js';
export type { DriveRepository } from './drive-repository.js';
export type { FanoutRepository } from './fanout-repository.js';
export type { LimitsRepository, LimitWindowState } from './limits-repository.js';
export type { ActionTarget, MessageActionsRepository } from './message-actions-repository.js';
export type {
  MessageRequestDecision,
  MessageRequestsRepository,
} from './message-requests-repository.js';
export type {
  MessageSearchHit,
  MessageSearchQuery,
  MessageSearchRepository,
} from './message-search-repository.js';
export type { MessagesRepository, StoredMessage } from './messages-repository.js';
export { textMessage } from './messages-repository.js';
export type { ModerationRepository } from './moderation-repository.js';
export type {
  NeverTranslatedAdd,
  NeverTranslatedRepository,
} from './never-translated-repository.js';
export type { OperatorsRepository } from './operators-repository.js';
export type {
  InviteSummary,
  JoinOutcome,
  OrganizationsRepository,
} from './organizations-repository.js';
export type { FeedQuery, NewPost, PostAuthor, PostsRepository } from './posts-repository.js';
export type { PresenceRepository, StoredTyping } from './presence-repository.js';
export type { PushRepository } from './push-repository.js';
export type { ReactionsRepository, ReactionToggle } from './reactions-repository.js';
export type { DeliveryMoved, ReceiptsRepository } from './receipts-repository.js';
export type { RoomAccess, RoomsRepository } from './rooms-repository.js';
export type { SessionsRepository, StoredRefreshToken } from './sessions-repository.js';
export type { SpeechAnswersRepository } from './speech-answers-repository.js';
export type { UnreadCountsRepository } from './unread-counts-repository.js';
export type { UploadsRepository } from './uploads-repository.js';
export type { UsageRepository } from './usage-repository.js';
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
    await app.register(pushRepositoryPlugin, options);
    await app.register(usageRepositoryPlugin, options);
    await app.register(uploadsRepositoryPlugin, options);
    await app.register(billingRepositoryPlugin, options);
    await app.register(driveRepositoryPlugin, options);
    await app.register(fanoutRepositoryPlugin, options);
    await app.register(messageActionsRepositoryPlugin, options);
    await app.register(messageSearchRepositoryPlugin, options);
    await app.register(reactionsRepositoryPlugin, options);
    await app.register(receiptsRepositoryPlugin, options);
    await app.register(unreadCountsRepositoryPlugin, options);
    await app.register(chatMutesRepositoryPlugin, options);
    await app.register(messageRequestsRepositoryPlugin, options);
    await app.register(neverTranslatedRepositoryPlugin, options);
    await app.register(translationTrustRepositoryPlugin, options);
    await app.register(moderationRepositoryPlugin, options);
    await app.register(operatorsRepositoryPlugin, options);
    await app.register(presenceRepositoryPlugin, options);
    await app.register(callsRepositoryPlugin, options);
    await app.register(speechAnswersRepositoryPlugin, options);
  },
  { name: 'repositories' },
);
