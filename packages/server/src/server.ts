import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { accountControlRoutes } from './accounts/accountControlRoutes.js';
import { interfaceLanguageRoutes } from './accounts/interfaceLanguageRoutes.js';
import { neverTranslatedRoutes } from './accounts/neverTranslatedRoutes.js';
import { sessionRoutes } from './accounts/sessionRoutes.js';
import { settingsRoutes } from './accounts/settingsRoutes.js';
import { userListRoutes } from './accounts/userListRoutes.js';
import { hasBuiltApp, htmlSecurityHeaders, registerStaticApp } from './app/staticApp.js';
import type { AppContext } from './appContext.js';
import { createAccessTokens } from './auth/accessTokens.js';
import { resolveJwtSecret } from './auth/jwtSecret.js';
import { createDummyHash } from './auth/passwords.js';
import { refreshSuccessorKey } from './auth/refreshTokens.js';
import { createSessionEnding } from './auth/sessionEnding.js';
import {
  billingPlugin,
  type PaymentSettings,
  paymentSettingsFromEnv,
  paymentsModeOf,
} from './billing/index.js';
import { type CallPolicyStorage, mayCall } from './calls/callPolicy.js';
import { CallRegistry } from './calls/callRegistry.js';
import { type CallSettings, callSettingsFromEnv } from './calls/callSettings.js';
import { type CallTranscriber, callTranscriberFrom } from './calls/callTranscriber.js';
import { iceServersRoute } from './calls/iceServersRoute.js';
import { ChatDelivery } from './chat/chatDelivery.js';
import { LocalChatHub } from './chat/chatFanout.js';
import { chatListRoutes } from './chat/chatListRoutes.js';
import { chatMuteRoutes } from './chat/chatMuteRoutes.js';
import {
  CHAT_SOCKET_MAX_PAYLOAD,
  type ChatSocketOptions,
  chatSocketErrorHandler,
  chatSocketRoutes,
} from './chat/chatSocket.js';
import { GroupAccessCache } from './chat/groupAccessCache.js';
import { groupRoutes } from './chat/groupRoutes.js';
import { InstancePresence, type InstancePresenceOptions } from './chat/instancePresence.js';
import { linkPreviewRoutes } from './chat/linkPreviewRoutes.js';
import { type LinkPreviewLimits, LinkPreviews } from './chat/linkPreviews.js';
import { messageRequestRoutes } from './chat/messageRequestRoutes.js';
import { MessageRequests } from './chat/messageRequests.js';
import type { ChatTranslation } from './chat/messageTranslation.js';
import { CachedBlockLookup, CachedGlossaries } from './chat/personCache.js';
import { PostgresChatFanout } from './chat/postgresFanout.js';
import { ReadReceipts } from './chat/readReceipts.js';
import { messageSearchRoutes } from './chat/search/messageSearchRoutes.js';
import { StrangerMessages } from './chat/strangerMessages.js';
import {
  translationSuggestionsFor,
  translationTrustRoutes,
} from './chat/translationTrustRoutes.js';
import { VoiceStreams } from './chat/voiceStreams.js';
import { type Corrector, correctionsPlugin, correctorFromEnv } from './corrections/index.js';
import { openDatabase } from './db/database.js';
import { type DriveSettings, drivePlugin } from './drive/index.js';
import { installCsrfKey } from './http/csrf.js';
import { EgressGuard } from './http/egressGuard.js';
import {
  clientErrorAnswer,
  frameworkErrorAnswer,
  installErrorHandling,
  NOT_FOUND_DETAIL,
  withSafeErrorLogging,
} from './http/errors.js';
import { installMultipartGuard, installParameterGuard } from './http/inputGuard.js';
import { installJsonBodyParser, JSON_BODY_LIMIT } from './http/jsonBody.js';
import type { PreboundServer } from './http/preboundServer.js';
import { installResponseCompression } from './http/responseCompression.js';
import { installAnswerLanguage } from './i18n/answerLanguage.js';
import { loadSdkTexts } from './i18n/serverTexts.js';
import {
  DatabaseLimitStore,
  DEFAULT_LIMITS,
  type LimitSettings,
  type LimitStore,
  Limits,
  MemoryLimitStore,
  StorageQuota,
  sharedRateLimitStore,
} from './limits/index.js';
import { ChatFileStore, FileUrlSigner } from './media/chatFiles.js';
import { chatMediaRoutes } from './media/chatMediaRoutes.js';
import {
  LinkPreviewImageSweeper,
  type LinkPreviewImageSweepSettings,
} from './media/linkPreviewImageSweep.js';
import { mediaRoutes } from './media/mediaRoutes.js';
import { createMediaStore } from './media/mediaStore.js';
import { type MediaEngines, mediaEnginesFromEnv } from './media/speech/speechFromEnv.js';
import type { ObjectStore } from './media/store/objectStore.js';
import { objectStoreFromEnv } from './media/store/objectStoreFromEnv.js';
import { UploadSweeper, type UploadSweepSettings } from './media/uploadSweep.js';
import type { VoiceServices } from './media/voicePipeline.js';
import { capabilitiesRoutes } from './meta/capabilitiesRoutes.js';
import { closeSocketsForRestart } from './meta/drain.js';
import { healthRoutes } from './meta/healthRoutes.js';
import { Readiness, serverReadinessChecks } from './meta/readiness.js';
import { moderationRoutes } from './moderation/moderationRoutes.js';
import { operatorRoutes } from './moderation/operatorRoutes.js';
import { organizationRoutes } from './organizations/organizationRoutes.js';
import { repositoriesPlugin } from './plugins/app/index.js';
import { createLimitsRepository } from './plugins/app/limits-repository.js';
import { createLinkPreviewsRepository } from './plugins/app/link-previews-repository.js';
import { createTranslationUsageRepository } from './plugins/app/translation-usage-repository.js';
import { PushingFanout } from './push/pushingFanout.js';
import { pushLocalesOf } from './push/pushLocales.js';
import { pushRoutes } from './push/pushRoutes.js';
import { PushSender } from './push/pushSender.js';
import { resolveVapidKeys } from './push/vapidKeys.js';
import { socialRoutes } from './social.js';
import {
  eldLanguageDetector,
  type LanguageDetector,
  protectingTranslator,
  type Translator,
  translatorFromEnv,
} from './translation/index.js';
import { TranslationUsageLedger } from './translation/translationUsageLedger.js';
import {
  type Clock,
  systemClock,
  TranslationAllowance,
  timezoneRoutes,
  UsageCounters,
} from './usage/index.js';

export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 900;
/** While stopping, how often connections that have become idle are closed. */
const STOP_IDLE_SWEEP_MS = 100;
/**
 * While stopping, how long a peer has to finish: a socket that has not answered its close frame
 * (ws would wait 30 s) and an HTTP answer the client is not reading are cut after this.
 */
const STOP_GRACE_MS = 5_000;

export interface ServerOptions {
  /** Holds the PGlite database (`db/`), uploads (`media/`) and a generated JWT secret. */
  dataDir: string;
  /** `postgres://…` switches from the embedded PGlite to PostgreSQL. */
  databaseUrl?: string;
  /** HS256 secret for access tokens; generated once into the data directory when absent. */
  jwtSecret?: string;
  /** Access token lifetime in seconds (default 900). */
  accessTokenTtl?: number;
  /** The built app (`packages/app/dist`); served with an index.html fallback when it exists. */
  appDist?: string;
  /** Serve the app's source maps (`*.map`); off by default (SERVE_SOURCE_MAPS=1 in serve). */
  serveSourceMaps?: boolean;
  /**
   * The address people open (PUBLIC_URL, e.g. `https://chat.example.com`): the pages' CSP lets
   * them connect to it and its socket (`wss://chat.example.com`). Without it, `'self'` only.
   */
  publicUrl?: string;
  logger?: FastifyServerOptions['logger'];
  /** Trust X-Forwarded-* from a reverse proxy (client IP for rate limits, https for cookies). */
  trustProxy?: boolean | string;
  /**
   * An open, migrated-or-not PGlite to use instead of `dataDir/db`; closed with the server (main
   * opens `dataDir/db` itself to share it with the backup socket; tests clone a template).
   */
  pglite?: PGlite;
  /** Socket heartbeat and flood timings; tests shorten them. */
  chatSocket?: ChatSocketOptions;
  /** Issue 28: how often instances say they are alive, and when one counts as dead; tests shorten them. */
  instances?: Pick<InstancePresenceOptions, 'heartbeatMs' | 'aliveMs'>;
  /**
   * The translation engine; by default `translatorFromEnv(process.env)` (TRANSLATOR, …). The
   * server owns it either way: closing the server closes it (and its apertium-apy child).
   */
  translator?: Translator;
  /** Message language detection (default eld, offline). */
  languageDetector?: LanguageDetector;
  /** Per engine call for chat messages (default 8 s); past it the original is delivered. */
  translationTimeoutMs?: number;
  /** Total time one history page may spend translating on demand (default 4 s). */
  historyTranslationBudgetMs?: number;
  /** Spelling corrections (default `correctorFromEnv`: nspell, dictionaries loaded on use). */
  corrector?: Corrector;
  /** The clock plan limits read to find the user's day; tests move it past midnight. */
  clock?: Clock;
  /**
   * A server already listening (main binds the port before opening the database): the app takes
   * its requests once ready, and the caller closes it. Without it, call `listen` on the result.
   */
  prebound?: PreboundServer;
  /**
   * Payment provider settings; default from STRIPE_SECRET_KEY, PAYMENTS_MODE, HOST and NODE_ENV
   * (`paymentSettingsFromEnv`: test mode on a local start, unavailable beyond it without keys).
   */
  payments?: PaymentSettings;
  /** Decoder, transcription and synthesis engines; default `mediaEnginesFromEnv(process.env)`. */
  mediaEngines?: MediaEngines;
  /** Web Push: VAPID keys (default: generated once into the data directory). */
  push?: {
    vapid?: { publicKey?: string; privateKey?: string; subject?: string };
  };
  /**
   * The guard of every outbound request made for a user (src/http/egressGuard.ts); default one
   * that refuses loopback, private and other non-public addresses. Tests pass one with the
   * test-only loopback allowance for their stand-ins.
   */
  egress?: EgressGuard;
  /**
   * Message requests (issue 25): a stranger's first message waits for the receiver's decision.
   * Default from MESSAGE_REQUESTS (on; 0/false/off/no switches it off).
   */
  messageRequests?: boolean;
  /**
   * Issue 29: the first account registered becomes staff (set-up of a new Parley). Default from
   * FIRST_ACCOUNT_STAFF (off; 1/true/on/yes switches it on).
   */
  firstAccountStaff?: boolean;
  /** Link preview limits (src/chat/linkPreviews.ts) and how long a message waits for its card. */
  linkPreviews?: Partial<LinkPreviewLimits> & { sendWaitMs?: number };
  /** Calls: the switch and ICE servers; default from CALLS_ENABLED, ICE_SERVERS, TURN_SECRET. */
  calls?: CallSettings;
  /** Live captions' speech-to-text; default the media transcriber (CALL_TRANSCRIBER=none: off). */
  callTranscriber?: CallTranscriber;
  /** Google Drive backup; default from GOOGLE_CLIENT_ID etc.; null: not set up. */
  drive?: DriveSettings | null;
  /**
   * Deleting uploads nobody references (src/media/uploadSweep.ts): grace periods, interval, batch
   * size; default people's unsent uploads after UNSENT_UPLOAD_GRACE_MS (1 h,
   * UNSENT_UPLOAD_GRACE_SECONDS in serve), the server's speech after UPLOAD_GRACE_MS (48 h,
   * UPLOAD_GRACE_SECONDS), every 10 minutes.
   */
  uploadSweep?: Partial<UploadSweepSettings>;
  /** Where people's files live (issue 28); MEDIA_STORE and its S3_* settings by default. */
  mediaStore?: ObjectStore;
  /** Removing preview images nobody needs (src/media/linkPreviewImageSweep.ts). */
  linkPreviewImageSweep?: Partial<LinkPreviewImageSweepSettings>;
  /**
   * Per-person and per-address budgets and the storage quota (src/limits/limits.ts, README
   * "Limits"); unset ones keep their production defaults. Tests raise them; none can be removed.
   */
  limits?: Partial<LimitSettings>;
  /**
   * Where limit counters live: `database` (table rate_limits, shared by every instance) by default
   * with DATABASE_URL, `memory` (this process) otherwise; tests may ask for either.
   */
  limitStore?: 'memory' | 'database';
}

/**
 * Builds the API server; call `listen` on the result unless `prebound` is given. Closing it
 * closes the sockets (1012), finishes pending message writes, then closes the database. A failed
 * start closes whatever it had opened.
 */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const accessTokenTtl = options.accessTokenTtl ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
  if (!Number.isInteger(accessTokenTtl) || accessTokenTtl <= 0) {
    throw new Error(`accessTokenTtl must be a positive number of seconds, got ${accessTokenTtl}`);
  }

  // A broken idle PostgreSQL connection is logged (through the server's logger once it exists).
  let connectionLost = (error: Error) =>
    console.warn('[parley] database connection lost; the next query opens another', error);
  const database = await openDatabase({
    pgliteDir: join(options.dataDir, 'db'),
    databaseUrl: options.databaseUrl,
    pglite: options.pglite,
    onConnectionError: (error) => connectionLost(error),
  });

  let app: FastifyInstance;
  let appHandler: Parameters<PreboundServer['attach']>[0] | undefined;
  try {
    app = Fastify({
      logger: withSafeErrorLogging(options.logger ?? false),
      bodyLimit: JSON_BODY_LIMIT,
      frameworkErrors: frameworkErrorAnswer,
      clientErrorHandler: clientErrorAnswer,
      trustProxy: options.trustProxy ?? false,
      routerOptions: { ignoreTrailingSlash: true },
      ...(options.prebound
        ? {
            serverFactory: (handler: NonNullable<typeof appHandler>) => {
              appHandler = handler;
              return (options.prebound as PreboundServer).server;
            },
          }
        : {}),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  connectionLost = (error) =>
    app.log.warn({ err: error }, 'database connection lost; the next query opens another');
  app.addHook('onClose', () => database.close());
  let translator: Translator | null = options.translator ?? null;
  // Stops the engine's child processes (apertium-apy) with the server, injected or not.
  app.addHook('onClose', async () => {
    await translator?.close();
  });

  // The one guard of outbound requests made for people: push endpoints, link previews and the
  // engines (hosted translation, LanguageTool, voice services: they add the operator's
  // ENGINE_PRIVATE_HOSTS).
  const egress = options.egress ?? new EgressGuard();
  if (!options.egress) app.addHook('onClose', () => egress.close());
  try {
    // Engines routed by TRANSLATORS count their characters per day in the database (caps); the
    // protection step around every engine (issue 26): names, links, numbers, emoji, code and the
    // sender's glossary reach readers as written, in chats, bios, captions and voice alike.
    translator = protectingTranslator(
      translator ??
        translatorFromEnv(
          process.env,
          app.log,
          new TranslationUsageLedger(
            createTranslationUsageRepository(database.db),
            options.clock ?? systemClock,
          ),
          egress,
        ),
    );
    const detector = options.languageDetector ?? eldLanguageDetector;
    const jwtSecret = resolveJwtSecret(options.dataDir, options.jwtSecret);
    const mediaEngines = options.mediaEngines ?? mediaEnginesFromEnv(process.env, egress, app.log);
    const callSettings = options.calls ?? callSettingsFromEnv(process.env);
    const callTranscriber =
      options.callTranscriber ?? callTranscriberFrom(process.env, mediaEngines.transcriber);
    const limitSettings = readLimitSettings(options.limits);
    const limitsRepository = createLimitsRepository(database.db);
    // Instances sharing PostgreSQL count together; a lone server counts in process.
    const limitStoreKind =
      options.limitStore ?? (options.databaseUrl && !options.pglite ? 'database' : 'memory');
    const limitStore: LimitStore =
      limitStoreKind === 'database'
        ? new DatabaseLimitStore(limitsRepository, app.log)
        : new MemoryLimitStore();
    const limits = new Limits(limitStore, limitSettings);
    app.addHook('onClose', () => limits.close());
    const objects = options.mediaStore ?? objectStoreFromEnv(process.env, options.dataDir);
    const media = createMediaStore(objects);
    const ctx: AppContext = {
      db: database.db,
      accessTokens: createAccessTokens(jwtSecret, accessTokenTtl),
      refreshSuccessorKey: refreshSuccessorKey(jwtSecret),
      media,
      dummyPasswordHash: await createDummyHash(),
      limits,
      storageQuota: new StorageQuota(limitsRepository, media, limitSettings.storageQuotaBytes),
    };

    app.decorateRequest('account', null);
    app.decorateRequest('accountSessionId', null);
    installCsrfKey(app, jwtSecret);
    installErrorHandling(app);
    // Issue 27: error details in the requester's interface language (English when not asked).
    installAnswerLanguage(app);
    await loadSdkTexts();
    installJsonBodyParser(app);
    installParameterGuard(app);
    await installResponseCompression(app);
    await app.register(fastifyCookie);
    await app.register(fastifyMultipart, {
      limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
    });
    installMultipartGuard(app);
    // Per-route limits count in the same store as every other budget (shared across instances).
    await app.register(fastifyRateLimit, {
      global: false,
      store: sharedRateLimitStore(limitStore),
    });
    await app.register(fastifyWebsocket, {
      // ws closes a socket with 1009 when a frame is larger than this.
      options: { maxPayload: CHAT_SOCKET_MAX_PAYLOAD },
      errorHandler: chatSocketErrorHandler,
      // Stopping: clients reconnect after 1012 (the plugin's default sends no code at all), and no
      // socket opens any more (meta/drain.ts).
      preClose(done) {
        const clients = [...this.websocketServer.clients];
        closeSocketsForRestart(this);
        // A peer that never answers the close frame does not hold the stop open.
        setTimeout(() => {
          for (const client of clients) client.terminate();
        }, STOP_GRACE_MS).unref();
        done();
      },
    });

    // Stopping: Node closes the keep-alive connections that are idle when the stop begins; one
    // still answering (or still receiving a refused upload) would otherwise linger for the whole
    // keep-alive time (72 s) after its answer and hold the stop open. Close each as it goes idle.
    app.addHook('preClose', async () => {
      const server = app.server;
      const sweep = setInterval(() => server.closeIdleConnections(), STOP_IDLE_SWEEP_MS);
      sweep.unref();
      // An answer the client stops reading would hold the stop open for ever.
      const cut = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
      cut.unref();
      server.once('close', () => {
        clearInterval(sweep);
        clearTimeout(cut);
      });
    });
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('text/html')) reply.headers(htmlSecurityHeaders(options.publicUrl));
      // Token-bearing answers must not sit in shared caches.
      if (request.url.startsWith('/accounts/')) reply.header('Cache-Control', 'no-store');
      return payload;
    });

    // SIGTERM (serve.ts) and app.close() start the drain: GET /readyz answers 503 from then on.
    const readiness = new Readiness(serverReadinessChecks({ db: ctx.db, media, translator }));
    app.decorate('readiness', readiness);
    app.addHook('preClose', async () => readiness.startDraining());
    await app.register(healthRoutes, { ctx, readiness });
    // Storage first (app.usersRepository, …), then every route module the same way.
    await app.register(repositoriesPlugin, { db: ctx.db });
    await app.register(sessionRoutes, {
      ctx,
      firstAccountStaff:
        options.firstAccountStaff ??
        /^(1|true|on|yes)$/i.test(process.env.FIRST_ACCOUNT_STAFF ?? ''),
    });
    await app.register(settingsRoutes, { ctx });
    await app.register(interfaceLanguageRoutes, { ctx });
    await app.register(accountControlRoutes, { ctx });
    await app.register(userListRoutes, { ctx });
    await app.register(mediaRoutes, { ctx });
    await app.register(timezoneRoutes, { ctx });
    const payments = options.payments ?? paymentSettingsFromEnv(process.env);
    // One corrector for the check route and the capabilities answer (which says who corrects).
    const corrector = options.corrector ?? correctorFromEnv(process.env, app.log, egress);
    await app.register(capabilitiesRoutes, {
      corrector,
      payments: paymentsModeOf(payments),
      translator,
      detector,
      media: mediaEngines,
      calls: callSettings,
      callTranscriber,
    });
    await app.register(iceServersRoute, { ctx, calls: callSettings });
    await app.register(correctionsPlugin, { ctx, corrector });
    await app.register(billingPlugin, { ctx, payments, secret: jwtSecret });
    await app.register(organizationRoutes, { ctx });
    const chatHub = new LocalChatHub();
    // With PostgreSQL several instances may share the database, so events travel through it.
    const innerFanout =
      options.databaseUrl && !options.pglite
        ? await PostgresChatFanout.start(
            chatHub,
            app.fanoutRepository,
            options.databaseUrl,
            app.log,
          )
        : chatHub;
    // Logout, password change, account deletion: revoked in the database, sockets closed everywhere.
    app.decorate('sessions', createSessionEnding(app.sessionsRepository, innerFanout));
    // Issue 28: open sockets and typing every instance sees (pushes skip people connected anywhere).
    const presence = new InstancePresence(app.presenceRepository, innerFanout, app.log, {
      ...options.instances,
      shared: innerFanout !== chatHub,
    });
    await presence.start();
    // Web Push: people with no open socket hear of messages and connections on their devices.
    const pushSender = new PushSender({
      store: app.pushRepository,
      vapid: resolveVapidKeys(options.dataDir, options.push?.vapid),
      log: app.log,
      egress,
    });
    const chatFanout = new PushingFanout(innerFanout, {
      sender: pushSender,
      isOnline: (userId) => chatHub.hasSockets(userId),
      onlineElsewhere: (userIds) => presence.onlineElsewhere(userIds),
      mutedAmong: (room, userIds) => app.chatMutesRepository.mutedAmong(room, userIds),
      localesOf: (userIds) => pushLocalesOf(app.usersRepository, userIds),
      log: app.log,
    });
    app.decorate('pushFanout', chatFanout);
    // Read and delivered receipts (issue 25): the hub reports each message a member's socket got.
    // Message requests (issue 25): the socket's gate, the chat list's marks, the receiver's reads.
    const messageRequests = new MessageRequests(
      app.messageRequestsRepository,
      options.messageRequests ?? !/^(0|false|off|no)$/i.test(process.env.MESSAGE_REQUESTS ?? ''),
    );
    const readReceipts = new ReadReceipts({
      requests: messageRequests,
      receipts: app.receiptsRepository,
      reactions: app.reactionsRepository,
      rooms: new GroupAccessCache(app.roomsRepository),
      fanout: chatFanout,
      log: app.log,
    });
    chatHub.onDelivered = (room, userId, messageId, senderId) =>
      readReceipts.delivered(room, userId, messageId, senderId);
    app.addHook('preClose', () => readReceipts.idle());
    await app.register(pushRoutes, {
      ctx,
      sender: pushSender,
      egress,
    });
    app.addHook('onClose', () => chatFanout.close());
    // Read per message while chats flow: shared per person, forgotten when they change.
    const glossaries = new CachedGlossaries(app.neverTranslatedRepository);
    const blockLookup = new CachedBlockLookup(app.connectionsRepository);
    chatHub.onBlockChanged = (blocked) => blockLookup.forget(blocked);
    const translation: ChatTranslation = {
      messages: app.messagesRepository,
      // Already protected (above); the chat adds the room's names and the sender's glossary.
      translator,
      glossaries,
      detector,
      log: app.log,
      timeoutMs: options.translationTimeoutMs,
      historyBudgetMs: options.historyTranslationBudgetMs,
      suggestions: translationSuggestionsFor(app.translationTrustRepository),
    };
    const usage = new UsageCounters(app.usageRepository, options.clock ?? systemClock);
    const allowance = new TranslationAllowance(usage, translator);
    const chatFiles = new ChatFileStore(ctx.media.objects, app.uploadsRepository);
    const signer = new FileUrlSigner(jwtSecret);
    const voiceServices: VoiceServices = {
      engines: mediaEngines,
      files: chatFiles,
      translator,
      log: app.log,
      translationTimeoutMs: options.translationTimeoutMs,
    };
    const linkPreviewsRepository = createLinkPreviewsRepository(ctx.db);
    const linkPreviews = new LinkPreviews({
      egress,
      repository: linkPreviewsRepository,
      media: ctx.media,
      log: app.log,
      limits: options.linkPreviews,
    });
    await app.register(linkPreviewRoutes, { ctx, previews: linkPreviews });
    const delivery = new ChatDelivery({
      translation,
      users: app.usersRepository,
      allowance,
      fanout: chatFanout,
      voice: { ...voiceServices, signer },
      actions: app.messageActionsRepository,
      blocks: blockLookup,
      linkPreviews: {
        previews: linkPreviews,
        repository: linkPreviewsRepository,
        log: app.log,
        sendWaitMs: options.linkPreviews?.sendWaitMs,
      },
    });
    const voiceStreams = new VoiceStreams({
      ...voiceServices,
      signer,
      allowance,
      users: app.usersRepository,
      fanout: chatFanout,
    });
    if (translator.engine !== 'none') {
      // The detector's tables take 1–4 s and about 190 MB to load: not at start (an idle server
      // stays small), but when the first chat socket opens, so that its first message need not
      // wait for them.
      let detectorWarmed = false;
      app.addHook('onRequest', async (request) => {
        if (detectorWarmed || request.headers.upgrade?.toLowerCase() !== 'websocket') return;
        detectorWarmed = true;
        void detector.warm?.().catch(() => undefined);
      });
    }
    // The socket route's preClose hook finishes pending message writes and their delivery before
    // the fan-out and the database close.
    await app.register(chatSocketRoutes, {
      ctx,
      hub: chatHub,
      chat: {
        delivery,
        fanout: chatFanout,
        translation,
        files: chatFiles,
        signer,
        voiceStreams,
        reactions: app.reactionsRepository,
        receipts: readReceipts,
        requests: messageRequests,
        blocks: blockLookup,
        strangerMessages: new StrangerMessages(ctx.limits, app.messageRequestsRepository),
        presence,
        calls: {
          settings: callSettings,
          registry: new CallRegistry(app.callsRepository, ctx.limits),
          transcriber: callTranscriber,
          mayCall: cachedMayCall({
            connections: app.connectionsRepository,
            messages: app.messagesRepository,
          }),
        },
      },
      socket: options.chatSocket,
    });
    await app.register(chatListRoutes, {
      ctx,
      translation,
      receipts: readReceipts,
      requests: messageRequests,
      media: { files: chatFiles, signer },
    });
    await app.register(messageRequestRoutes, {
      ctx,
      requests: messageRequests,
      receipts: readReceipts,
    });
    await app.register(messageSearchRoutes, {
      ctx,
      translation,
      media: { files: chatFiles, signer },
    });
    await app.register(chatMediaRoutes, {
      ctx,
      files: chatFiles,
      signer,
      voice: voiceServices,
      allowance,
      fanout: chatFanout,
    });
    await app.register(groupRoutes, { ctx });
    await app.register(chatMuteRoutes, { ctx });
    await app.register(neverTranslatedRoutes, {
      ctx,
      onChange: (userId) => glossaries.forget(userId),
    });
    await app.register(translationTrustRoutes, { ctx, fanout: chatFanout });
    // Issue 29: review queue, moderators' actions, audit log.
    await app.register(moderationRoutes, {
      ctx,
      fanout: chatFanout,
      files: chatFiles,
      translation,
    });
    await app.register(operatorRoutes, { ctx });
    await app.register(drivePlugin, {
      ctx,
      files: chatFiles,
      secret: jwtSecret,
      settings: options.drive,
    });
    await app.register(socialRoutes, {
      ctx,
      fanout: chatFanout,
      translation,
      codec: mediaEngines.codec,
    });
    // Registered after the database's onClose hook, so it stops (and its run ends) before that.
    const uploadSweeper = new UploadSweeper(
      app.uploadsRepository,
      ctx.media.objects,
      app.log,
      options.uploadSweep,
    );
    app.addHook('onClose', () => uploadSweeper.close());
    uploadSweeper.start();
    const previewImageSweeper = new LinkPreviewImageSweeper(
      linkPreviewsRepository,
      ctx.media.objects,
      app.log,
      options.linkPreviewImageSweep,
    );
    app.addHook('onClose', () => previewImageSweeper.close());
    previewImageSweeper.start();

    const appFallback = hasBuiltApp(options.appDist)
      ? await registerStaticApp(app, options.appDist, { serveSourceMaps: options.serveSourceMaps })
      : null;
    app.setNotFoundHandler((request, reply) => {
      if (appFallback?.(request, reply)) return;
      return reply.code(404).send({ detail: NOT_FOUND_DETAIL });
    });

    await app.ready();
    if (options.prebound && appHandler) options.prebound.attach(appHandler);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

/** The production limits with the caller's changes; a limit below 1 is refused, never ignored. */
function readLimitSettings(changes: Partial<LimitSettings> = {}): LimitSettings {
  const settings = { ...DEFAULT_LIMITS };
  for (const [name, value] of Object.entries(changes) as [keyof LimitSettings, unknown][]) {
    if (value === undefined) continue;
    if (!(name in DEFAULT_LIMITS) || typeof value !== 'number' || !(value >= 1)) {
      throw new Error(`limits.${name} must be a number of at least 1, got ${String(value)}`);
    }
    settings[name] = value;
  }
  return settings;
}

/** mayCall, with positive answers kept a few seconds: a call sends many ICE candidates. */
function cachedMayCall(storage: CallPolicyStorage): (a: number, b: number) => Promise<boolean> {
  const allowed = new Map<string, number>();
  return async (a, b) => {
    const key = `${Math.min(a, b)}:${Math.max(a, b)}`;
    const at = allowed.get(key);
    if (at !== undefined && Date.now() - at < 5_000) return true;
    const ok = await mayCall(storage, a, b);
    if (allowed.size > 10_000) allowed.clear();
    if (ok) allowed.set(key, Date.now());
    else allowed.delete(key);
    return ok;
  };
}
