/**
 * The chat screen's search parameters. The open chat lives in the URL (`?room=`), so a
 * notification can link to it and the browser's back returns to the list on phones. (Its own
 * module: the router imports it eagerly, the screen itself stays a lazy chunk.)
 */
export interface ChatSearch {
  room?: string;
}

export function validateChatSearch(search: Record<string, unknown>): ChatSearch {
  return typeof search.room === 'string' && search.room ? { room: search.room } : {};
}

/** The app path that opens one chat (notifications use it; so do the server's pushes). */
export { chatRoomPath as chatPath } from '@parley/chat-sdk';
