import type { ChatState, MemberReceipt, ParleyClient } from '@parley/chat-sdk';
import { useCallback, useMemo } from 'react';
import type { ReactionsAndReceiptsValue } from '../../../components/Reactions/ReactionsContext';
import { UI_STRINGS } from '../../../strings';

/**
 * The open room's reactions and ticks for ChatView (issue 25), bound to the sdk: reacting sends
 * `react`, and the list telling that the newest message is in view lets the sdk send `read`.
 */
export function useRoomReactionsAndReceipts(
  client: ParleyClient,
  chat: Readonly<Pick<ChatState, 'receipts'>>,
  roomKey: string | null,
  meId: number | null,
  names: ReadonlyMap<number, string>,
  group: { user_ids: readonly number[] } | null,
): {
  reactionsAndReceipts: ReactionsAndReceiptsValue | null;
  onNewestInView: (inView: boolean) => void;
} {
  const receipts = roomKey
    ? (chat.receipts?.[roomKey] as Readonly<Record<number, MemberReceipt>> | undefined)
    : undefined;
  const memberIds = group?.user_ids;
  const reactionsAndReceipts = useMemo<ReactionsAndReceiptsValue | null>(() => {
    if (!roomKey) return null;
    return {
      viewerId: meId,
      nameOf: (id) => names.get(id) ?? UI_STRINGS.chat.someone,
      onReact: (messageId, emoji) => client.chat.react(roomKey, messageId, emoji),
      receipts,
      memberIds,
      roomName: roomKey,
      group: group !== null,
    };
  }, [client, roomKey, meId, names, receipts, memberIds, group]);
  const onNewestInView = useCallback(
    (inView: boolean) => {
      if (roomKey) client.chat.setNewestInView(roomKey, inView);
    },
    [client, roomKey],
  );
  return { reactionsAndReceipts, onNewestInView };
}
