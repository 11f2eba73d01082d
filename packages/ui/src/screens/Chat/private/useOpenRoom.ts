import {
  type ChatListUser,
  chatListEntries,
  groupUserObjects,
  type ParleyClient,
  type UserSummary,
} from '@parley/chat-sdk';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSdkState } from '../../../context/ParleyProvider';

export interface OpenRoomOptions {
  client: ParleyClient;
  /** The signed-in user's id; null while signed out (nothing loads). */
  meId: number | null;
  /** Open the private chat with this user (navigation state). */
  chatUser?: ChatListUser | UserSummary;
  /** The open chat's key when the app keeps it; the hook keeps its own when undefined. */
  openKey?: string | null;
  onOpenKeyChange?: (key: string | null, from: 'list' | 'chat') => void;
}

/**
 * The chat list and the one open room: loads the list, opens the chat a navigation or a link asks
 * for (loading the list again once when a linked chat is not in it yet), joins the open room (the
 * socket rejoins it on every reconnect) and leaves it when the screen goes.
 */
/** A list loaded this recently is not asked for again when the screen opens. */
const LIST_REUSE_MS = 2_000;

export function useOpenRoom({ client, meId, chatUser, openKey, onOpenKeyChange }: OpenRoomOptions) {
  const chat = useSdkState(client.chat.state);
  const lists = useSdkState(client.chatList.state);
  const [ownKey, setOwnKey] = useState<string | null>(null);
  const selectedKey = openKey !== undefined ? openKey : ownKey;
  const selectedKeyRef = useRef(selectedKey);
  selectedKeyRef.current = selectedKey;
  const setSelectedKey = useCallback(
    (key: string | null) => {
      if (key === selectedKeyRef.current) return;
      const from = selectedKeyRef.current === null ? 'list' : 'chat';
      if (openKey === undefined) setOwnKey(key);
      onOpenKeyChange?.(key, from);
    },
    [openKey, onOpenKeyChange],
  );

  // The sdk keeps the list (and reloads it when a connection is accepted, here or live). The screen
  // reloads it when it opens, unless a load is running or just finished (the app may start one
  // before the screen draws).
  useEffect(() => {
    if (meId !== null) void client.chatList.load({ reuseWithinMs: LIST_REUSE_MS });
  }, [client, meId]);

  // A chatUser from navigation opens that private chat.
  const chatUserId = chatUser?.id ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a different user re-opens
  useEffect(() => {
    if (meId === null || !chatUser) return;
    setSelectedKey(client.chatList.openWith(chatUser));
  }, [meId, chatUserId]);

  const entries = useMemo(
    () => (meId === null ? [] : chatListEntries(meId, lists, chat.rooms)),
    [meId, lists, chat.rooms],
  );

  const selected = entries.find((e) => e.key === selectedKey) ?? null;
  const selectedGroup = selected?.group;

  // A chat opened from a link (a notification) that the loaded list does not have yet, e.g. a
  // first message from someone new: load the list again, once per chat.
  const reloadedFor = useRef<string | null>(null);
  const listReady = lists.loaded && !lists.loading;
  useEffect(() => {
    if (!selectedKey || selected || !listReady || reloadedFor.current === selectedKey) return;
    reloadedFor.current = selectedKey;
    void client.chatList.load();
  }, [client, selectedKey, selected, listReady]);

  // Join the open room (the socket rejoins it on every reconnect); leave when the screen goes. A
  // key from the URL waits for the list, so a group opens with its members.
  const selectedKnown = selected !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the group's members only matter on open
  useEffect(() => {
    if (!selectedKey || !selectedKnown) return;
    client.chat.openRoom(
      selectedKey,
      selectedGroup ? { groupUsers: groupUserObjects(selectedGroup) } : undefined,
    );
  }, [client, selectedKey, selectedKnown]);
  useEffect(() => () => client.chat.leaveRoom(), [client]);

  return { chat, lists, entries, selected, selectedKey, setSelectedKey };
}
