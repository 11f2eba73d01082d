import { proxy } from 'valtio/vanilla';
import type { ConnectionsApi } from '../connections-api';
import { Emitter } from '../emitter';
import type { Logger } from '../logger';
import type { ConnectionFrameUser, ConnectionStatus } from '../protocol/connections';
import type { ServerFrame } from '../protocol/socket';
import type { ChatSocket } from '../socket/chat-socket';

/** Who a connection frame named, as far as the frame says (the spec only names the field). */
export interface ConnectionPerson {
  id: number;
  username?: string;
  profile_image?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  followers_count?: number;
}

export interface ConnectionsState {
  /** Pending requests to me: the notification badge (spec §3 transient notification count). */
  pendingCount: number;
  /** Whether pendingCount has been loaded from the server at least once this session. */
  pendingLoaded: boolean;
  /** My status toward other users by id, as last loaded, changed by me, or pushed live. */
  statuses: Record<number, ConnectionStatus>;
  /** Rises whenever my accepted connections change (lists that show them reload). */
  acceptedVersion: number;
}

export interface ConnectionStoreEvents {
  /** Someone asked to connect (connection_request). */
  request: ConnectionPerson;
  /** My request was accepted (connection_accepted). */
  accepted: ConnectionPerson;
  /** A request to me was withdrawn, or a connection removed (connection_removed). */
  removed: ConnectionPerson;
}

export interface ConnectionStore {
  /** A valtio proxy; bind it with subscribeToState / snapshotOfState. */
  state: ConnectionsState;
  /**
   * Loads the pending count (GET /connections/pending/ `count`); from then on it is also reloaded
   * whenever the socket reopens. Failures are logged (spec §8).
   */
  refreshPendingCount(): Promise<void>;
  /** Loads and remembers my status toward a user. */
  loadStatus(userId: number): Promise<ConnectionStatus>;
  /** Connect: request (spec §4 No connection → pending). */
  connect(userId: number): Promise<ConnectionStatus>;
  /** Cancel my pending request (pending → No connection). */
  cancel(userId: number): Promise<void>;
  /** Approve a request to me; lowers the pending count by 1 if above 0 (spec §4). */
  approve(userId: number): Promise<void>;
  /** Reject a request to me; lowers the pending count by 1 if above 0 (spec §4). */
  reject(userId: number): Promise<void>;
  /** Remove an accepted connection (204). */
  remove(userId: number): Promise<void>;
  on<K extends keyof ConnectionStoreEvents>(
    event: K,
    listener: (payload: ConnectionStoreEvents[K]) => void,
  ): () => void;
  /** Forgets everything (sign-out, another user). */
  reset(): void;
  dispose(): void;
}

export interface ConnectionStoreOptions {
  socket: ChatSocket;
  api: ConnectionsApi;
  logger: Logger;
  /** Whether someone is signed in (no calls otherwise). */
  signedIn(): boolean;
}

/** A frame's user, whether the server sent the list item or only an id. */
export function connectionPerson(value: ConnectionFrameUser | undefined): ConnectionPerson | null {
  if (typeof value === 'number') return Number.isInteger(value) ? { id: value } : null;
  if (typeof value === 'string' && /^\d+$/.test(value)) return { id: Number(value) };
  if (value && typeof value === 'object' && typeof value.id === 'number') return { ...value };
  return null;
}

export function createConnectionStore(options: ConnectionStoreOptions): ConnectionStore {
  const { socket, api, logger, signedIn } = options;
  const state = proxy<ConnectionsState>({
    pendingCount: 0,
    pendingLoaded: false,
    statuses: {},
    acceptedVersion: 0,
  });
  const events = new Emitter<ConnectionStoreEvents>((error) =>
    logger.error('[parley] a listener threw', error),
  );
  let generation = 0;

  const lower = () => {
    if (state.pendingCount > 0) state.pendingCount -= 1;
  };

  async function refreshPendingCount(): Promise<void> {
    if (!signedIn()) return;
    const mine = generation;
    try {
      const page = await api.pendingPage();
      if (mine !== generation) return;
      state.pendingCount = typeof page.count === 'number' ? page.count : page.results.length;
      state.pendingLoaded = true;
    } catch (error) {
      // Spec §8: connection fetches fail silently (console only).
      logger.warn('[parley] could not load pending connection requests', error);
    }
  }

  function onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'connection_request': {
        const person = connectionPerson(frame.from_user);
        if (!person) return;
        const prior = state.statuses[person.id];
        if (!(prior?.status === 'pending' && prior.direction === 'received')) {
          state.pendingCount += 1;
        }
        state.statuses[person.id] = { status: 'pending', direction: 'received' };
        events.emit('request', person);
        return;
      }
      case 'connection_accepted': {
        const person = connectionPerson(frame.to_user);
        if (!person) return;
        state.statuses[person.id] = { status: 'accepted' };
        state.acceptedVersion += 1;
        events.emit('accepted', person);
        return;
      }
      case 'connection_removed': {
        const person = connectionPerson(frame.from_user);
        if (!person) return;
        const prior = state.statuses[person.id];
        if (prior?.status === 'pending' && prior.direction === 'received') lower();
        else if (prior === undefined && state.pendingLoaded) void refreshPendingCount();
        if (prior?.status === 'accepted') state.acceptedVersion += 1;
        state.statuses[person.id] = { status: 'No connection' };
        events.emit('removed', person);
        return;
      }
      default:
        return;
    }
  }

  const offFrame = socket.on('frame', onFrame);
  // After a reconnect, requests may have come and gone: catch the badge up (once someone has
  // asked for it, so clients that never show a badge make no extra calls).
  const offStatus = socket.on('status', (status) => {
    if (status === 'open' && state.pendingLoaded) void refreshPendingCount();
  });

  return {
    state,
    refreshPendingCount,

    async loadStatus(userId) {
      const status = await api.status(userId);
      state.statuses[userId] = { ...status };
      return status;
    },

    async connect(userId) {
      const change = await api.request(userId);
      const status: ConnectionStatus =
        change.status === 'accepted'
          ? { status: 'accepted' }
          : { status: 'pending', direction: change.direction ?? 'sent' };
      if (status.status === 'accepted') {
        // My request crossed theirs: theirs is accepted, so one fewer waits for me.
        const prior = state.statuses[userId];
        if (prior?.status === 'pending' && prior.direction === 'received') lower();
        state.acceptedVersion += 1;
      }
      state.statuses[userId] = status;
      return status;
    },

    async cancel(userId) {
      await api.remove(userId);
      state.statuses[userId] = { status: 'No connection' };
    },

    async approve(userId) {
      await api.accept(userId);
      lower();
      state.statuses[userId] = { status: 'accepted' };
      state.acceptedVersion += 1;
    },

    async reject(userId) {
      await api.remove(userId);
      lower();
      state.statuses[userId] = { status: 'No connection' };
    },

    async remove(userId) {
      await api.remove(userId);
      state.statuses[userId] = { status: 'No connection' };
      state.acceptedVersion += 1;
    },

    on: (event, listener) => events.on(event, listener),

    reset() {
      generation += 1;
      state.pendingCount = 0;
      state.pendingLoaded = false;
      state.statuses = {};
      state.acceptedVersion = 0;
    },

    dispose() {
      offFrame();
      offStatus();
      events.clear();
    },
  };
}
