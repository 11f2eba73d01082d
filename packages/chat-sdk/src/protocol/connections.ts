/** Wire types of the connections calls (spec §3, §4 and §7; docs/protocol.md, Connections). */
import type { UserSummary } from './accounts';

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
}
