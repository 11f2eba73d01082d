/**
 * The chat list's rows and rules (sorting, filtering by tab and search) live in the sdk, so a
 * non-React partner has them too; the ui re-exports them where its components always found them.
 */
export {
  type ChatListEntry,
  filterChatList,
  groupChatEntry,
  privateChatEntry,
  sortChatList,
} from '@parley/chat-sdk';
