/**
 * Wire types of message requests (Parley extension, issue 25; docs/protocol.md "Message
 * requests"). A private chat whose first message came from someone who is not the receiver's
 * connection is a request until the receiver accepts, blocks or deletes it. A spec-only backend
 * sends none of this and clients show every chat as before.
 */

export const MESSAGE_REQUEST_PATHS = {
  /** POST {room_name}: the receiver accepts the request; the conversation becomes ordinary. */
  accept: '/chatmessage/requests/accept/',
  /** POST {room_name}: the receiver deletes the request; it leaves their list, the sender is not told. */
  delete: '/chatmessage/requests/delete/',
} as const;

/** A chat list row's `request`: a request I received, or one I sent that is not yet accepted. */
export type MessageRequestKind = 'incoming' | 'outgoing';

/** Messages the sender may send in a request before the receiver accepts it. */
export const MESSAGE_REQUEST_ALLOWANCE = 3;

/** `code` of the error frame refusing a message over the allowance. */
export const MESSAGE_REQUEST_ERROR_CODE = 'request_pending';

/** Body of the accept and delete calls. */
export interface MessageRequestDecisionBody {
  room_name: string;
}

/** Answer of the accept and delete calls. */
export interface MessageRequestDecisionAnswer {
  room_name: string;
  state: 'accepted' | 'deleted';
}
