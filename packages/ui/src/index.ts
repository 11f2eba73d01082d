// Theme

// Strings the user sees
export { ACCOUNT_STRINGS } from './accountStrings';
export { CALL_STRINGS } from './callStrings';
// Components (pure)
export {
  AVATAR_SIZES,
  Avatar,
  type AvatarProps,
  type AvatarSize,
  avatarColorIndex,
  avatarInitial,
} from './components/Avatar/Avatar';
export { Badge, type BadgeProps } from './components/Badge/Badge';
export {
  BlockedMessage,
  type BlockedMessageProps,
} from './components/BlockedMessage/BlockedMessage';
export {
  BlockedPeopleView,
  type BlockedPeopleViewProps,
} from './components/BlockedPeopleView/BlockedPeopleView';
export {
  BUTTON_SIZES,
  BUTTON_TYPES,
  BUTTON_VARIANTS,
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonType,
  type ButtonVariant,
} from './components/Button/Button';
export {
  CallOverlay,
  type CallOverlayCaption,
  type CallOverlayProps,
} from './components/CallOverlay/CallOverlay';
export {
  ChatListItem,
  type ChatListItemProps,
} from './components/ChatListItem/ChatListItem';
export { ChatSidebar, type ChatSidebarProps } from './components/ChatSidebar/ChatSidebar';
export {
  type ChatListEntry,
  filterChatList,
  groupChatEntry,
  privateChatEntry,
  sortChatList,
} from './components/ChatSidebar/chatListEntry';
export {
  ComingSoonDialog,
  type ComingSoonDialogProps,
} from './components/ComingSoonDialog/ComingSoonDialog';
export {
  type CheckSpelling,
  Composer,
  type ComposerProps,
} from './components/Composer/Composer';
export {
  ConnectionBanner,
  type ConnectionBannerProps,
} from './components/ConnectionBanner/ConnectionBanner';
export {
  ConversationHeader,
  type ConversationHeaderProps,
} from './components/ConversationHeader/ConversationHeader';
export {
  ConversationMenu,
  type ConversationMenuProps,
} from './components/ConversationMenu/ConversationMenu';
export {
  CreateGroupForm,
  type CreateGroupFormProps,
  type CreateGroupInputValues,
} from './components/CreateGroupForm/CreateGroupForm';
export {
  IncomingCallPrompt,
  type IncomingCallPromptProps,
} from './components/IncomingCallPrompt/IncomingCallPrompt';
export { InfiniteList, type InfiniteListProps } from './components/InfiniteList/InfiniteList';
// Context
export {
  InterfaceLanguagePicker,
  type InterfaceLanguagePickerProps,
} from './components/InterfaceLanguagePicker/InterfaceLanguagePicker';
export {
  LanguagePicker,
  type LanguagePickerProps,
} from './components/LanguagePicker/LanguagePicker';
export type { ComposerLiveTalk } from './components/LiveTalk/LiveTalkControls';
export { LOGO_SIZES, Logo, type LogoProps, type LogoSize } from './components/Logo/Logo';
export type {
  ComposerMode,
  MessageActionHandlers,
} from './components/MessageActions/messageActionTypes';
export type { MessageActionCallbacks } from './components/MessageActions/useMessageActionsMode';
export {
  MessageBubble,
  type MessageBubbleMessage,
  type MessageBubbleProps,
} from './components/MessageBubble/MessageBubble';
export {
  MessageList,
  type MessageListProps,
  messageKey,
} from './components/MessageList/MessageList';
export { Modal, type ModalProps } from './components/Modal/Modal';
export {
  ConnectedModerationNotices,
  ModerationNotices,
  type ModerationNoticesProps,
} from './components/ModerationNotice/ModerationNotices';
export {
  PendingConnectionsList,
  type PendingConnectionsListProps,
} from './components/PendingConnectionsList/PendingConnectionsList';
export {
  PendingRequestRow,
  type PendingRequestRowProps,
} from './components/PendingRequestRow/PendingRequestRow';
export {
  PLAN_CARD_PLANS,
  PlanCards,
  type PlanCardsProps,
  validSeatCount,
} from './components/PlanCards/PlanCards';
export { PostCaption, PostTile, type PostTileProps } from './components/PostTile/PostTile';
export { QR_LEVELS, QrCode, type QrCodeProps, type QrLevel } from './components/QrCode/QrCode';
export { ReportDialog, type ReportDialogProps } from './components/ReportDialog/ReportDialog';
export { SearchBox, type SearchBoxProps } from './components/SearchBox/SearchBox';
export { Select, type SelectOption, type SelectProps } from './components/Select/Select';
export {
  CHAT_TABS,
  type ChatTab,
  SidebarTabs,
  type SidebarTabsProps,
} from './components/SidebarTabs/SidebarTabs';
export {
  SignedInNav,
  type SignedInNavProps,
  type SignedInPerson,
} from './components/SignedInNav/SignedInNav';
export {
  type SubscriptionDisplay,
  type SubscriptionFlags,
  SubscriptionStatus,
  type SubscriptionStatusProps,
  subscriptionDisplay,
} from './components/SubscriptionStatus/SubscriptionStatus';
export { SystemRow, type SystemRowProps } from './components/SystemRow/SystemRow';
export {
  TEXT_FIELD_TYPES,
  TextField,
  type TextFieldProps,
  type TextFieldType,
} from './components/TextField/TextField';
export { ThemePicker, type ThemePickerProps } from './components/ThemePicker/ThemePicker';
export {
  TierLimitModal,
  type TierLimitModalProps,
} from './components/TierLimitModal/TierLimitModal';
export { TOAST_TONES, Toast, type ToastProps, type ToastTone } from './components/Toast/Toast';
export {
  type ToastApi,
  type ToastOptions,
  ToastProvider,
  type ToastProviderProps,
  useToast,
} from './components/Toast/ToastProvider';
export {
  TypingIndicator,
  type TypingIndicatorProps,
} from './components/TypingIndicator/TypingIndicator';
export {
  UPGRADE_PLANS,
  UpgradeModal,
  type UpgradeModalProps,
} from './components/UpgradeModal/UpgradeModal';
export {
  UserSearchPanel,
  type UserSearchPanelProps,
} from './components/UserSearchPanel/UserSearchPanel';
export {
  ChatThemeScope,
  type ChatThemeScopeProps,
  useChatTheme,
} from './context/ChatThemeScope';
export { Link, type LinkProps } from './context/Link';
export {
  type LinkComponent,
  type LinkComponentProps,
  ParleyProvider,
  type ParleyProviderProps,
  useParleyClient,
  useProductName,
  useSdkState,
  useSession,
  useSessionClient,
} from './context/ParleyProvider';
export type { MessageOverrides } from './context/useInterfaceLocaleRoot';
export { LEGAL_TEXT } from './legalText';
export { LOCALE_STRINGS } from './localeStrings';
export { MEDIA_STRINGS } from './mediaStrings';
export { MODERATION_NOTICE_STRINGS } from './moderationNoticeStrings';
export { MODERATION_STRINGS } from './moderationStrings';
export { NAVIGATION_STRINGS } from './navigationStrings';
export { AddPostScreen, type AddPostScreenProps } from './screens/AddPost/AddPostScreen';
// Screens
export {
  BillingScreen,
  type BillingScreenProps,
  BillingView,
  type BillingViewProps,
} from './screens/Billing/Billing';
export { CallLayer, type CallLayerProps } from './screens/Call/CallLayer';
export { ChatScreen, type ChatScreenProps } from './screens/Chat/ChatScreen';
export { ChatView, type ChatViewProps, type ChatViewUserSearch } from './screens/Chat/ChatView';
export { mergeUsers, useUserSearch } from './screens/Chat/useUserSearch';
export {
  DashboardScreen,
  type DashboardScreenProps,
  DashboardView,
  type DashboardViewProps,
} from './screens/Dashboard/Dashboard';
export { DriveBackup, type DriveBackupProps } from './screens/GoogleDrive/DriveBackup';
export { DriveBackupView, type DriveBackupViewProps } from './screens/GoogleDrive/DriveBackupView';
export {
  GoogleDriveLoginScreen,
  type GoogleDriveLoginScreenProps,
  GoogleDriveNotSetUpScreen,
  GoogleDriveSuccessScreen,
  type GoogleDriveSuccessScreenProps,
} from './screens/GoogleDrive/GoogleDrive';
export {
  JOIN_ORG_REDIRECT_MS,
  JoinOrgScreen,
  type JoinOrgScreenProps,
  type JoinOrgState,
  JoinOrgView,
} from './screens/JoinOrg/JoinOrg';
export {
  LandingScreen,
  type LandingScreenProps,
  LandingView,
  type LandingViewProps,
} from './screens/Landing/Landing';
export {
  LEGAL_PAGES,
  type LegalPage,
  LegalScreen,
  type LegalScreenProps,
} from './screens/Legal/Legal';
// Issue 29: the review queue and audit log (/moderation).
export { canModerate, ModerationScreen } from './screens/Moderation/ModerationScreen';
export { NotFoundScreen, NotFoundView } from './screens/NotFound/NotFound';
export { NotificationsScreen } from './screens/Notifications/NotificationsScreen';
export {
  OrgMembersScreen,
  OrgMembersView,
  type OrgMembersViewProps,
} from './screens/OrgMembers/OrgMembers';
export {
  PlaceholderScreen,
  type PlaceholderScreenProps,
} from './screens/Placeholder/Placeholder';
export { PostsScreen } from './screens/Posts/PostsScreen';
export { ProfileScreen, type ProfileScreenProps } from './screens/Profile/ProfileScreen';
export {
  REGISTRATION_FIELDS,
  type RegistrationField,
  RegistrationScreen,
  type RegistrationScreenProps,
  type RegistrationServerErrors,
  type RegistrationValues,
  RegistrationView,
  type RegistrationViewProps,
  registrationErrors,
} from './screens/Registration/Registration';
export {
  AccountControls,
  type AccountControlsProps,
  AccountControlsView,
  type AccountControlsViewProps,
} from './screens/Settings/AccountControls';
export { BlockedPeople } from './screens/Settings/BlockedPeople';
export {
  type DeviceNotificationsControl,
  SettingsScreen,
  type SettingsScreenProps,
  SettingsView,
  type SettingsViewProps,
} from './screens/Settings/Settings';
export {
  type SignInCredentials,
  SignInScreen,
  type SignInScreenProps,
  SignInView,
  type SignInViewProps,
} from './screens/SignIn/SignIn';
export {
  SubscribeScreen,
  type SubscribeScreenProps,
  type SubscribeState,
  SubscribeView,
  type SubscribeViewProps,
} from './screens/Subscribe/Subscribe';
// Issue 29: the chat closed because the account was suspended.
export { SuspendedScreen, type SuspendedScreenProps } from './screens/Suspended/SuspendedScreen';
export { ROUTES, UI_STRINGS } from './strings';
export { SYSTEM_ROW_STRINGS } from './systemRowStrings';
export { baseThemeClass, visuallyHidden } from './theme/baseTheme.css';
export { type ChatTheme, chatThemeFor, chatThemes, DEFAULT_CHAT_THEME } from './theme/chatThemes';
export { chatSurface } from './theme/chatThemes.css';
export { chatVars, vars } from './theme/contract.css';
export { type Tokens, tokens } from './theme/tokens';
export { type ChatThemeTokens, chatThemeTokens } from './theme/tokens/chatThemes';
export { avatarPalette } from './theme/tokens/colors';
