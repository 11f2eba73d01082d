import type { MemberReceipt } from '@parley/chat-sdk';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * What bubbles need to show reactions and ticks (issue 25), given once for the open conversation
 * rather than to every bubble. Without a provider bubbles look as before: no reactions, no ticks
 * (a spec-only backend, or a partner that does not use them).
 */
export interface ReactionsAndReceiptsValue {
  /** The signed-in person: their reactions are highlighted, their messages get ticks. */
  viewerId: number | null;
  /** A member's display name for 'who reacted' and 'Read by' lists. */
  nameOf(userId: number): string;
  /** Toggles the viewer's emoji on a stored message; omitted, reactions are shown read-only. */
  onReact?(messageId: number, emoji: string): void;
  /** The room's receipts (the sdk's `state.receipts[room]`); absent: no ticks. */
  receipts?: Readonly<Record<number, MemberReceipt>>;
  /** The room's people when known (a group's members); a private room's come from its name. */
  memberIds?: readonly number[];
  /** The canonical room name (ticks of a private room read the other person from it). */
  roomName?: string;
  /** A group: ticks also say 'Read by N'. */
  group?: boolean;
}

const Context = createContext<ReactionsAndReceiptsValue | null>(null);

export function ReactionsAndReceiptsProvider({
  value,
  children,
}: {
  value: ReactionsAndReceiptsValue | null | undefined;
  children: ReactNode;
}) {
  return <Context.Provider value={value ?? null}>{children}</Context.Provider>;
}

/** The open conversation's reactions and receipts, or null outside a provider. */
export function useReactionsAndReceipts(): ReactionsAndReceiptsValue | null {
  return useContext(Context);
}
