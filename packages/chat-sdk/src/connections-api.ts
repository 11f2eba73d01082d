import type { HttpClient } from './http/http-client';
import { followPages } from './http/paging';
import {
  CONNECTION_PATHS,
  type ConnectionChange,
  type ConnectionListItem,
  type ConnectionStatus,
  type PendingListResponse,
  SAFETY_PATHS,
} from './protocol/connections';
import type { PagedList } from './protocol/paging';

/**
 * Thin typed connection calls (spec §7, docs/protocol.md). `me` is the signed-in user's id, sent
 * as `from_user` where the spec's payload has it.
 */
export interface ConnectionsApi {
  /** GET /connections/status/?to_user=. */
  status(userId: number, options?: { signal?: AbortSignal }): Promise<ConnectionStatus>;
  /** POST /connections/request/ {from_user, to_user}: connect. */
  request(userId: number): Promise<ConnectionChange>;
  /** POST /connections/accept/ {to_user, status: 'pending'}: approve `userId`'s request. */
  accept(userId: number): Promise<ConnectionChange>;
  /** POST /connections/delete/ {from_user, to_user}: cancel, reject or remove (204). */
  remove(userId: number): Promise<void>;
  /** GET /connections/accepted_list/: one page per step, following `next`. */
  accepted(options?: { search?: string }): AsyncIterableIterator<ConnectionListItem[]>;
  /** GET /connections/pending/: requests to me, newest first, one page per step. */
  pending(options?: {
    search?: string;
    fromUser?: number;
  }): AsyncIterableIterator<ConnectionListItem[]>;
  /** The first page of GET /connections/pending/ with its `count` (the badge). */
  pendingPage(options?: {
    search?: string;
    signal?: AbortSignal;
  }): Promise<PagedList<ConnectionListItem>>;
  /** GET /connections/pending_list/: count and the newest requests. */
  pendingList(): Promise<PendingListResponse>;
  /** POST /accounts/block/ {user_id} (Parley). */
  block(userId: number): Promise<void>;
  /** POST /accounts/unblock/ {user_id} (Parley). */
  unblock(userId: number): Promise<void>;
  /** GET /accounts/blocked/ (Parley): the people I blocked, by username, one page per step. */
  blocked(): AsyncIterableIterator<ConnectionListItem[]>;
  /** POST /accounts/report/ {user_id, reason, message_id?} (Parley). */
  /** `postId` (issue 29, Parley extension): report one of their posts. 409: already reported. */
  report(input: {
    userId: number;
    reason: string;
    messageId?: number;
    postId?: number;
  }): Promise<void>;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function createConnectionsApi(http: HttpClient, me: () => number | null): ConnectionsApi {
  const fromUser = () => {
    const id = me();
    if (id === null) throw new Error('Sign in before changing connections');
    return id;
  };
  return {
    status: (userId, options) =>
      http.request<ConnectionStatus>(`${CONNECTION_PATHS.status}${query({ to_user: userId })}`, {
        ...(options?.signal ? { signal: options.signal } : {}),
      }),
    request: (userId) =>
      http.request<ConnectionChange>(CONNECTION_PATHS.request, {
        method: 'POST',
        json: { from_user: fromUser(), to_user: userId },
      }),
    accept: (userId) =>
      http.request<ConnectionChange>(CONNECTION_PATHS.accept, {
        method: 'POST',
        json: { to_user: userId, status: 'pending' },
      }),
    remove: async (userId) => {
      await http.request<unknown>(CONNECTION_PATHS.delete, {
        method: 'POST',
        json: { from_user: fromUser(), to_user: userId },
      });
    },
    accepted: (options = {}) =>
      followPages<ConnectionListItem>(
        http,
        `${CONNECTION_PATHS.acceptedList}${query({ search: options.search?.trim() })}`,
      ),
    pending: (options = {}) =>
      followPages<ConnectionListItem>(
        http,
        `${CONNECTION_PATHS.pending}${query({ search: options.search?.trim(), from_user: options.fromUser })}`,
      ),
    pendingPage: (options = {}) =>
      http.request<PagedList<ConnectionListItem>>(
        `${CONNECTION_PATHS.pending}${query({ search: options.search?.trim() })}`,
        { ...(options.signal ? { signal: options.signal } : {}) },
      ),
    pendingList: () => http.request<PendingListResponse>(CONNECTION_PATHS.pendingList),
    block: async (userId) => {
      await http.request<unknown>(SAFETY_PATHS.block, {
        method: 'POST',
        json: { user_id: userId },
      });
    },
    unblock: async (userId) => {
      await http.request<unknown>(SAFETY_PATHS.unblock, {
        method: 'POST',
        json: { user_id: userId },
      });
    },
    blocked: () => followPages<ConnectionListItem>(http, SAFETY_PATHS.blocked),
    report: async ({ userId, reason, messageId, postId }) => {
      await http.request<unknown>(SAFETY_PATHS.report, {
        method: 'POST',
        json: {
          user_id: userId,
          reason,
          ...(messageId !== undefined ? { message_id: messageId } : {}),
          ...(postId !== undefined ? { post_id: postId } : {}),
        },
      });
    },
  };
}
