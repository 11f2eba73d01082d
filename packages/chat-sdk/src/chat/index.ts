// `@parley/chat-sdk/chat`: the chat list, paged lists, user search and the chat store's types —
// what the root export offers from src/chat, for apps that load it apart from the rest.
export type {
  ChatListEntry,
  ChatListLoadOptions,
  ChatListOptions,
  ChatListState,
  ChatListStore,
  ChatListTab,
} from './chat-list';
export {
  CHAT_LIST_TABS,
  chatListEntries,
  filterChatList,
  groupChatEntry,
  privateChatEntry,
  sortChatList,
} from './chat-list';
export type {
  ChatState,
  GroupUsersState,
  MemberReceipt,
  MessageStatus,
  RoomMessage,
  RoomState,
} from './chat-state';
export type { ChatStore, ChatStoreEvents, IncomingMessage } from './chat-store';
export { applyDeleted, applyEdited, quoteOf, readQuote } from './message-actions';
export type { MessageTicks, TickStatus } from './message-ticks';
export { messageTicks } from './message-ticks';
export type { SendMessageInput, SendVoiceNoteInput } from './outbox';
export { VOICE_UPLOAD_FAILED } from './outbox';
export type { PagedListState, PagedListStore } from './paged-list';
export { createPagedList } from './paged-list';
export { applyReaction } from './reactions-and-receipts';
export { listedUnreadCounts, mutedRooms } from './unread-counts';
export type { UserSearch, UserSearchState } from './user-search';
export { createUserSearch, mergeUsers } from './user-search';
