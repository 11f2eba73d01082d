import { lazy } from 'react';

// Issue 24: what the chat screen shows only after a person asks for it loads on first use, so the
// chat route's first visit does not carry it. Each is its own chunk in an app's build; the
// components stay exported from the package as they were (a partner's import is unchanged). The
// state that opens a panel is set at once, so the panel appears as soon as its chunk has loaded
// and takes the focus as it always did: the first click or keystroke is not lost.

/** 'Search all users' (the sidebar's people search). */
export const LazyUserSearchPanel = lazy(() =>
  import('../../../components/UserSearchPanel/UserSearchPanel').then((module) => ({
    default: module.UserSearchPanel,
  })),
);

/** The open conversation's message search. */
export const LazyMessageSearchPanel = lazy(() =>
  import('../../../components/MessageSearchPanel/MessageSearchPanel').then((module) => ({
    default: module.MessageSearchPanel,
  })),
);

/** Messages found across chats, shown under the sidebar once a query is typed. */
export const LazySearchResults = lazy(() =>
  import('../../../components/SearchResults/SearchResults').then((module) => ({
    default: module.SearchResults,
  })),
);

/** The create-group form, inside its dialog. */
export const LazyCreateGroupForm = lazy(() =>
  import('../../../components/CreateGroupForm/CreateGroupForm').then((module) => ({
    default: module.CreateGroupForm,
  })),
);
