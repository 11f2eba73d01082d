import type {
  CallType,
  ChatThemeName,
  MessageSearchResult,
  RecorderController,
  RecordingPreview,
  SocketStatus,
  TierLimitWarningFrame,
  UserSummary,
} from '@parley/chat-sdk';
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { ChatSidebar } from '../../components/ChatSidebar/ChatSidebar';
import type { ChatListEntry } from '../../components/ChatSidebar/chatListEntry';
import { ComingSoonDialog } from '../../components/ComingSoonDialog/ComingSoonDialog';
import type {
  CheckSpelling,
  ComposerProps,
  UploadComposerFile,
} from '../../components/Composer/Composer';
import { ConnectionBanner } from '../../components/ConnectionBanner/ConnectionBanner';
import { ConversationHeader } from '../../components/ConversationHeader/ConversationHeader';
import type { ComposerLiveTalk } from '../../components/LiveTalk/LiveTalkControls';
import {
  type MessageActionCallbacks,
  useMessageActionsMode,
} from '../../components/MessageActions/useMessageActionsMode';
import type { MessageBubbleMessage } from '../../components/MessageBubble/MessageBubble';
import { useVisualViewportHeight } from '../../components/private/useVisualViewportHeight';
import type { ReactionsAndReceiptsValue } from '../../components/Reactions/ReactionsContext';
import type { SearchResultsProps } from '../../components/SearchResults/SearchResults';
import type { ChatTab } from '../../components/SidebarTabs/SidebarTabs';
import { TierLimitModal } from '../../components/TierLimitModal/TierLimitModal';
import { UpgradeModal } from '../../components/UpgradeModal/UpgradeModal';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { UI_STRINGS } from '../../strings';
import * as css from './ChatView.css';
import {
  LazyMessageSearchPanel,
  LazySearchResults,
  LazyUserSearchPanel,
} from './private/lazyChatPanels';
import {
  LazyConversationBody,
  preloadConversationBodyWhenIdle,
} from './private/lazyConversationBody';

const S = UI_STRINGS.chat;

/** The Search All Users panel's data and callbacks (useUserSearch in ChatScreen). */
export interface ChatViewUserSearch {
  users: readonly Readonly<UserSummary>[];
  loading?: boolean;
  hasMore?: boolean;
  error?: string | null;
  /** The panel opened: start a fresh search. */
  onOpen?: () => void;
  onQueryChange: (query: string) => void;
  onLoadMore: () => void;
}

/** One message search's state and callbacks (useMessageSearch in ChatScreen). */
export interface ChatViewSearch
  extends Pick<SearchResultsProps, 'query' | 'results' | 'status' | 'hasMore' | 'loadingMore'> {
  onQueryChange: (query: string) => void;
  onLoadMore: () => void;
  onRetry: () => void;
}

/** Message search: from the chat list (all chats) and inside the open conversation. */
export interface ChatViewMessageSearch {
  chats: ChatViewSearch;
  conversation: ChatViewSearch;
  /** A result chosen: open its conversation and jump to the message. */
  onOpen: (result: Readonly<MessageSearchResult>) => void;
  /** The message to scroll to in the open conversation (a new object jumps again). */
  jumpTo?: { id: number } | null;
}

export interface ChatViewProps {
  entries: readonly ChatListEntry[];
  listLoading?: boolean;
  listError?: string | null;
  /** The open chat; null shows 'Select a user to start chatting'. */
  selected: ChatListEntry | null;
  onSelect: (entry: ChatListEntry) => void;
  /**
   * Phones show one pane: the conversation's back button (shown on narrow screens only) calls
   * this to return to the list.
   */
  onBack?: () => void;
  /** The open room's messages, oldest first. */
  messages: readonly MessageBubbleMessage[];
  hasMore?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  onRetry?: (clientId: string) => void;
  /** Issue 25: reactions and ticks of the open room (omit: bubbles show neither). */
  reactionsAndReceipts?: ReactionsAndReceiptsValue | null;
  /** Issue 25: unread messages per chat key (badges in the chat list). */
  unread?: Readonly<Record<string, number>>;
  /** Issue 25: whether the open room's newest message is in view (it is then read). */
  onNewestInView?: (inView: boolean) => void;
  /** Names of people typing / recording in the open room. */
  typing?: readonly string[];
  recording?: readonly string[];
  /** Names of people talking live in the open room. */
  live?: readonly string[];
  onSend: ComposerProps['onSend'];
  /** Attach: uploads a chosen file with progress (omit: no attach button). */
  uploadFile?: UploadComposerFile;
  /** Voice notes: the recorder (created on first use of the mic button; omit: no mic button). */
  createRecorder?: () => RecorderController;
  onSendVoice?: (preview: RecordingPreview) => void;
  /** Live talk into the open room (omit: no 'Talk live' button). */
  createLiveTalk?: () => ComposerLiveTalk;
  onTyping?: () => void;
  onStopTyping?: () => void;
  /** A group's members other than me, offered after '@' in the composer (issue 25). */
  mentionCandidates?: ComposerProps['mentionCandidates'];
  /** The card of the draft's link before sending; omit for none (previews off). */
  previewLink?: ComposerProps['previewLink'];
  /** Link preview cards in bubbles (default on). */
  showLinkPreviews?: boolean;
  connection?: { status: SocketStatus; nextAttemptAt?: number | null };
  notificationCount?: number;
  userSearch: ChatViewUserSearch;
  /** The open conversation's More actions menu (ChatScreen: profile, block, report). */
  conversationMenu?: ReactNode;
  /**
   * Issue 25: the open chat's message request — the receiver's banner (it takes the composer's
   * place) or the sender's note (above the composer).
   */
  messageRequest?: { panel: ReactNode; replacesComposer: boolean } | null;
  /** The footer's Create Groups. */
  onCreateGroup?: () => void;
  /** The sidebar's first tab (the dashboard's /groups opens on Group). */
  defaultTab?: ChatTab;
  /** A user chosen in Search All Users: open the private chat with them. */
  onSelectUser: (user: Readonly<UserSummary>) => void;
  onNavigate?: (path: string) => void;
  /** The conversation's chat theme; the signed-in user's when omitted. */
  chatTheme?: ChatThemeName | null;
  /** "Now" for the date display and the reconnect countdown; fixed in stories. */
  now?: Date;
  /** A plain note in the conversation header, e.g. that the pair is not translated yet. */
  translationNotice?: string | null;
  /** Spelling help for the composer (in the writer's language). */
  checkSpelling?: CheckSpelling;
  autoCorrect?: boolean;
  onAutoCorrectChange?: (on: boolean) => void;
  /** The server's tier_limit_warning to show as a modal; null when none. */
  tierLimit?: Omit<TierLimitWarningFrame, 'type'> | null;
  onDismissTierLimit?: () => void;
  /** Shows 'Upgrade for Full Access'. */
  upgradeOpen?: boolean;
  onDismissUpgrade?: () => void;
  /** A tier-limit action or plan link is about to be followed (remember where the user was). */
  onLeaveForPlan?: () => void;
  /**
   * Places a call from the header's buttons (private chats). Without it (calls switched off on
   * this server, or a group) the buttons open the spec's 'Coming Soon' dialog.
   */
  onCall?: (callType: CallType) => void;
  /**
   * Dialogs the connected screen owns (ChatScreen: report, create group), placed after the screen
   * in the document like the view's own.
   */
  dialogs?: ReactNode;
  /** Reply, edit and delete (message actions): each offered only when given. */
  messageActions?: MessageActionCallbacks;
  /** Message search across languages (Parley extension); no search without it. */
  messageSearch?: ChatViewMessageSearch;
}

export type { MessageActionCallbacks } from '../../components/MessageActions/useMessageActionsMode';

/** The chat screen, pure: props in, callbacks out. ChatScreen connects it to the sdk. */
export function ChatView({
  entries,
  listLoading,
  listError,
  selected,
  onSelect,
  onBack,
  unread,
  onSend,
  connection,
  notificationCount,
  userSearch,
  onSelectUser,
  onCreateGroup,
  conversationMenu,
  defaultTab,
  onNavigate,
  chatTheme,
  now,
  translationNotice,
  tierLimit,
  onDismissTierLimit,
  upgradeOpen = false,
  onDismissUpgrade,
  onLeaveForPlan,
  onCall,
  dialogs,
  messageActions = {},
  messageSearch,
  // The open conversation's own props (ConversationBody.tsx) go to it as they are.
  ...conversation
}: ChatViewProps) {
  const actionsMode = useMessageActionsMode(selected?.key ?? null, onSend, messageActions);
  const [searching, setSearching] = useState(false);
  // Search in the open conversation: closed whenever another conversation opens.
  const [roomSearch, setRoomSearch] = useState<string | null>(null);
  const roomSearchOpen = messageSearch !== undefined && roomSearch === (selected?.key ?? null);
  const [comingSoon, setComingSoon] = useState(false);
  const screenRef = useRef<HTMLDivElement>(null);
  useVisualViewportHeight(screenRef);
  // The open conversation's code (lazyConversationBody.tsx) loads once the list has drawn.
  useEffect(() => preloadConversationBodyWhenIdle(), []);

  return (
    <>
      <div ref={screenRef} className={css.screen} data-pane={selected ? 'conversation' : 'list'}>
        <div className={css.side}>
          {searching ? (
            <Suspense fallback={null}>
              <LazyUserSearchPanel
                users={userSearch.users}
                loading={userSearch.loading}
                hasMore={userSearch.hasMore}
                error={userSearch.error}
                onQueryChange={userSearch.onQueryChange}
                onLoadMore={userSearch.onLoadMore}
                onSelect={(user) => {
                  setSearching(false);
                  onSelectUser(user);
                }}
                onClose={() => setSearching(false)}
              />
            </Suspense>
          ) : (
            <ChatSidebar
              entries={entries}
              selectedKey={selected?.key ?? null}
              onSelect={onSelect}
              unread={unread}
              loading={listLoading}
              error={listError}
              notificationCount={notificationCount}
              onSearchAllUsers={() => {
                userSearch.onOpen?.();
                setSearching(true);
              }}
              onCreateGroup={onCreateGroup}
              defaultTab={defaultTab}
              onNavigate={onNavigate}
              now={now}
              onQueryChange={messageSearch?.chats.onQueryChange}
              messageResults={
                messageSearch ? (
                  <Suspense fallback={null}>
                    <LazySearchResults
                      {...messageSearch.chats}
                      onOpen={messageSearch.onOpen}
                      now={now}
                    />
                  </Suspense>
                ) : null
              }
            />
          )}
        </div>
        <main
          className={css.main}
          aria-label={selected ? S.conversationLabel(selected.name) : undefined}
        >
          {connection ? (
            <ConnectionBanner
              status={connection.status}
              nextAttemptAt={connection.nextAttemptAt}
              {...(now ? { now: () => now.getTime() } : {})}
            />
          ) : null}
          <div className={css.themeFill}>
            <ChatThemeScope theme={chatTheme} surface>
              {selected ? (
                <div className={css.conversation}>
                  <ConversationHeader
                    name={selected.name}
                    avatarSrc={selected.image}
                    colorKey={selected.colorKey}
                    subtitle={selected.kind === 'group' ? S.group : null}
                    notice={translationNotice}
                    onAudioCall={() =>
                      onCall && selected.kind === 'private' ? onCall('audio') : setComingSoon(true)
                    }
                    onVideoCall={() =>
                      onCall && selected.kind === 'private' ? onCall('video') : setComingSoon(true)
                    }
                    menu={conversationMenu}
                    onBack={onBack}
                    onSearch={messageSearch ? () => setRoomSearch(selected.key) : undefined}
                  />
                  {messageSearch && roomSearchOpen ? (
                    <Suspense fallback={null}>
                      <LazyMessageSearchPanel
                        {...messageSearch.conversation}
                        now={now}
                        onOpen={(result) => {
                          setRoomSearch(null);
                          messageSearch.onOpen(result);
                        }}
                        onClose={() => setRoomSearch(null)}
                      />
                    </Suspense>
                  ) : null}
                  <LazyConversationBody
                    {...conversation}
                    selected={selected}
                    actionsMode={actionsMode}
                    jumpTo={messageSearch?.jumpTo ?? null}
                    now={now}
                  />
                </div>
              ) : (
                <div className={css.emptyPane}>
                  <p className={css.empty}>{S.selectPrompt}</p>
                </div>
              )}
            </ChatThemeScope>
          </div>
        </main>
        <ComingSoonDialog open={comingSoon} onClose={() => setComingSoon(false)} />
        <TierLimitModal
          open={Boolean(tierLimit)}
          title={tierLimit?.title ?? ''}
          message={tierLimit?.message ?? ''}
          actions={tierLimit?.actions ?? []}
          onClose={() => onDismissTierLimit?.()}
          onAction={() => onLeaveForPlan?.()}
          onNavigate={onNavigate}
        />
        <UpgradeModal
          open={upgradeOpen}
          onClose={() => onDismissUpgrade?.()}
          onChoose={() => onLeaveForPlan?.()}
          onNavigate={onNavigate}
        />
      </div>
      {dialogs}
    </>
  );
}
