/** Wire types of the connections calls (spec §3, §4 and §7; docs/protocol.md, Connections). */
import type { UserSummary } from './accounts';
import type { SocketUserObject } from './user-objects';

export const CONNECTION_PATHS = {
  status: '/connections/status/',
  request: '/connections/request/',
  accept: '/connections/accept/',
  delete: '/connections/delete/',
  acceptedList: '/connections/accepted_list/',
  pending: '/connections/pending/',
  pendingList: '/connections/pending_list/',
} as const;

/** Parley's block and report calls (the spec has none; docs/protocol.md, Block and report). */
export const SAFETY_PATHS = {
  block: '/accounts/block/',
  unblock: '/accounts/unblock/',
  blocked: '/accounts/blocked/',
  report: '/accounts/report/',
} as const;

/** The spec's three values of a connection status toward another user. */
export const CONNECTION_STATUSES = ['No connection', 'pending', 'accepted'] as const;
export type ConnectionStatusValue = (typeof CONNECTION_STATUSES)[number];

/** Answer of GET /connections/status/?to_user=:id. */
export interface ConnectionStatus {
  status: ConnectionStatusValue;
  /** Parley extension: for a pending request, whether the caller sent or received it. */
  direction?: 'sent' | 'received';
}

/** A connection request row / connection list item (spec §3). */
export type ConnectionListItem = UserSummary;

/** Body of POST /connections/request/ and POST /connections/delete/. */
export interface ConnectionPairRequest {
  /** The caller's id (the server refuses any other). */
  from_user: number;
  to_user: number;
}

/** Body of POST /connections/accept/: called by the receiver, `to_user` names the requester. */
export interface ConnectionAcceptRequest {
  to_user: number;
  status: 'pending';
}

/** Answer of POST /connections/request/ and /accept/. */
export interface ConnectionChange {
  status: ConnectionStatusValue;
  direction?: 'sent' | 'received';
}

/** Answer of GET /connections/pending_list/: the count and the requests (newest first). */
export interface PendingListResponse {
  count: number;
  results: ConnectionListItem[];
}

/** Body of POST /accounts/block/ and /accounts/unblock/. */
export interface BlockRequest {
  user_id: number;
}

/** Body of POST /accounts/report/. */
export interface ReportRequest {
  user_id: number;
  reason: string;
  /** A message of theirs the report is about (one the reporter can see). */
  message_id?: number;
  /**
   * Parley extension (issue 29): a post of theirs the report is about (one the reporter can
   * see); its caption is stored with the report. One open report per reporter and post.
   */
  post_id?: number;
}

// ---------------------------------------------------------------------------------------------
// Socket frames of connections (spec §7)

/**
 * Who a connection frame is about. Parley sends the connection list item (id, username,
 * profile_image, first_name, last_name, followers_count); the spec names only the field, so a
 * bare id is accepted too.
 */
export type ConnectionFrameUser =
  | number
  | (SocketUserObject & {
      profile_image?: string | null;
      first_name?: string | null;
      last_name?: string | null;
      followers_count?: number;
    });

/** Someone asked the receiver to connect (spec §7): raises the notification badge. */
export interface ConnectionRequestFrame {
  type: 'connection_request';
  from_user: ConnectionFrameUser;
}

/** The receiver (`to_user`) accepted the requester's request: their Pending turns into Chat. */
export interface ConnectionAcceptedFrame {
  type: 'connection_accepted';
  to_user: ConnectionFrameUser;
}

/**
 * Parley extension: a request to the receiver was withdrawn or a connection removed
 * (`from_user` is the other person), so badges and buttons follow without a reload.
 */
export interface ConnectionRemovedFrame {
  type: 'connection_removed';
  from_user: ConnectionFrameUser;
}
