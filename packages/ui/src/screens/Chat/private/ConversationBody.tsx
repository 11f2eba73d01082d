import type { ReactNode } from 'react';
import type { ChatListEntry } from '../../../components/ChatSidebar/chatListEntry';
import { Composer, type ComposerProps } from '../../../components/Composer/Composer';
import type { useMessageActionsMode } from '../../../components/MessageActions/useMessageActionsMode';
import { MessageList, type MessageListProps } from '../../../components/MessageList/MessageList';
import {
  ReactionsAndReceiptsProvider,
  type ReactionsAndReceiptsValue,
} from '../../../components/Reactions/ReactionsContext';
import {
  TypingIndicator,
  type TypingIndicatorProps,
} from '../../../components/TypingIndicator/TypingIndicator';

/**
 * The open conversation under its header: the messages, who is typing, the message request's
 * banner or note, and the composer. Issue 24: this is most of the chat screen's code (the message
 * list with its virtualizer, the bubbles, the composer with its recorder and pickers), so ChatView
 * loads it on first use (lazyConversationBody.tsx) and the chat list draws without it.
 */
export type ConversationBodyProps = Pick<
  MessageListProps,
  | 'messages'
  | 'hasMore'
  | 'loadingOlder'
  | 'onLoadOlder'
  | 'onRetry'
  | 'onNewestInView'
  | 'showLinkPreviews'
  | 'now'
> &
  Pick<TypingIndicatorProps, 'typing' | 'recording' | 'live'> &
  Pick<
    ComposerProps,
    | 'uploadFile'
    | 'createRecorder'
    | 'onSendVoice'
    | 'createLiveTalk'
    | 'onTyping'
    | 'onStopTyping'
    | 'mentionCandidates'
    | 'previewLink'
    | 'checkSpelling'
    | 'autoCorrect'
    | 'onAutoCorrectChange'
  > & {
    selected: ChatListEntry;
    actionsMode: ReturnType<typeof useMessageActionsMode>;
    jumpTo: { id: number } | null;
    reactionsAndReceipts?: ReactionsAndReceiptsValue | null;
    /** The message request's banner (in the composer's place) or note (above it). */
    messageRequest?: { panel: ReactNode; replacesComposer: boolean } | null;
  };

export function ConversationBody({
  selected,
  actionsMode,
  jumpTo,
  messages,
  hasMore,
  loadingOlder,
  onLoadOlder,
  onRetry,
  reactionsAndReceipts,
  onNewestInView,
  typing,
  recording,
  live,
  uploadFile,
  createRecorder,
  onSendVoice,
  createLiveTalk,
  onTyping,
  onStopTyping,
  mentionCandidates,
  previewLink,
  showLinkPreviews,
  messageRequest,
  now,
  checkSpelling,
  autoCorrect,
  onAutoCorrectChange,
}: ConversationBodyProps) {
  return (
    <>
      <ReactionsAndReceiptsProvider value={reactionsAndReceipts}>
        <MessageList
          messages={messages}
          roomKey={selected.key}
          hasMore={hasMore}
          loadingOlder={loadingOlder}
          onLoadOlder={onLoadOlder}
          onRetry={onRetry}
          showSenders={selected.kind === 'group'}
          showLinkPreviews={showLinkPreviews}
          now={now}
          actions={actionsMode.listActions}
          jumpTo={jumpTo}
          onNewestInView={onNewestInView}
        />
      </ReactionsAndReceiptsProvider>
      <TypingIndicator typing={typing} recording={recording} live={live} />
      {messageRequest?.panel}
      {messageRequest?.replacesComposer ? null : (
        <Composer
          key={selected.key}
          onSend={actionsMode.send}
          mode={actionsMode.mode}
          onCancelMode={actionsMode.cancel}
          uploadFile={uploadFile}
          createRecorder={createRecorder}
          onSendVoice={onSendVoice}
          createLiveTalk={createLiveTalk}
          onTyping={onTyping}
          onStopTyping={onStopTyping}
          mentionCandidates={selected.kind === 'group' ? mentionCandidates : undefined}
          previewLink={previewLink}
          checkSpelling={checkSpelling}
          autoCorrect={autoCorrect}
          onAutoCorrectChange={onAutoCorrectChange}
        />
      )}
    </>
  );
}
