/** Spec §7 `user_objects`, carried by chat, call and live voice frames. */

/**
 * Users a frame concerns (the original client sent them for routing). Informational only: the
 * server routes by room membership, never by this list.
 */
export interface SocketUserObject {
  id: number;
  username?: string;
  /** Parley extension (on relayed call_signal): the sender's picture for the incoming prompt. */
  profile_image?: string | null;
}
