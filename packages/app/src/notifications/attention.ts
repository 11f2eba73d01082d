import { formatBadgeCount, mutedRooms, type ParleyClient, PRODUCT_NAME } from '@parley/chat-sdk';
import { subscribe } from 'valtio/vanilla';
import { APP_STRINGS } from '../appStrings';
import { chatPath } from '../chatSearch';
import { notificationsWanted } from './devicePreference';
import { NAVIGATE_MESSAGE } from './pushDisplay';

/** The unread count as the tab's title: '(3) Parley'. */
export function titleWithUnread(count: number, title: string = PRODUCT_NAME): string {
  return count > 0 ? APP_STRINGS.unreadTitle(formatBadgeCount(count), title) : title;
}

/** The favicon with a red badge carrying the unread count (an SVG data URL). */
export function faviconWithUnread(count: number): string {
  const label = count > 99 ? '99+' : String(count);
  const size = label.length > 2 ? 22 : label.length > 1 ? 26 : 30;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#4f46e5"/><path d="M14 20a8 8 0 0 1 8-8h20a8 8 0 0 1 8 8v14a8 8 0 0 1-8 8H28l-10 9v-9h-4z" fill="#fff"/><circle cx="46" cy="18" r="18" fill="#dc2626"/><text x="46" y="${18 + size / 3}" font-family="Arial,sans-serif" font-weight="700" font-size="${size}" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

export interface AttentionOptions {
  /** Follows an app path in place (the router). */
  navigate: (path: string) => void;
  /** The document to watch; the global one by default (tests pass their own). */
  doc?: Document;
}

/** A short, quiet two-tone chime made with Web Audio (no file to fetch). */
function chime(): void {
  const AudioContextClass = globalThis.AudioContext;
  if (!AudioContextClass) return;
  try {
    const audio = new AudioContextClass();
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    gain.connect(audio.destination);
    for (const [index, frequency] of [880, 1320].entries()) {
      const tone = audio.createOscillator();
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(audio.currentTime + index * 0.12);
      tone.stop(audio.currentTime + 0.35);
    }
    setTimeout(() => void audio.close(), 600);
  } catch {
    // No audio output: the notification still shows.
  }
}

/**
 * The title and favicon carry the unread total of the chats not muted (the sdk's per-chat counts:
 * seeded from the server's chat list after a reload, counted live, cleared by a read on any
 * device). While Parley is hidden, a new message also shows a system notification (one per
 * conversation, replaced by the next; a click opens that conversation) when this device's
 * notifications are on and permitted, and chimes unless the person muted sounds. A chat the person
 * muted (issue 25) neither notifies nor chimes; a mention of them does both anyway. Returns a
 * stop function.
 */
export function watchForAttention(client: ParleyClient, options: AttentionOptions): () => void {
  const doc = options.doc ?? document;
  const icon = doc.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const plainIcon = icon?.getAttribute('href') ?? '/favicon.svg';
  const plainTitle = doc.title || PRODUCT_NAME;
  let unread = 0;

  function show(count: number) {
    unread = count;
    doc.title = titleWithUnread(count, plainTitle);
    if (icon) {
      icon.setAttribute('href', count > 0 ? faviconWithUnread(count) : plainIcon);
      icon.setAttribute('type', 'image/svg+xml');
    }
  }

  async function notify(
    room: string,
    title: string,
    body: string,
    image: string | null,
    tag: string = room,
  ) {
    if (!notificationsWanted()) return;
    const url = chatPath(room);
    const notificationOptions: NotificationOptions & { renotify?: boolean } = {
      body,
      tag,
      renotify: true,
      icon: image ?? '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url },
    };
    // Through the service worker when there is one (its click handler opens the conversation,
    // even after this tab is gone); a page notification otherwise.
    const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
    if (registration?.active) {
      await registration.showNotification(title, notificationOptions);
      return;
    }
    const notification = new Notification(title, notificationOptions);
    notification.onclick = () => {
      globalThis.focus();
      options.navigate(url);
      notification.close();
    };
  }

  const muted = (): Set<string> => {
    const me = client.session.state.user?.id;
    return me === undefined ? new Set() : mutedRooms(me, client.chatList.state);
  };

  const offIncoming = client.chat.on('incoming', ({ roomName, message }) => {
    if (!doc.hidden) return;
    const body = message.message || message.file_name || '';
    // A mention of me (issue 25) is its own notification, never folded into the room's, and
    // chimes even with sounds or the chat muted.
    const me = client.session.state.user?.id;
    const mentioned = me !== undefined && (message.mentions ?? []).some((m) => m.user_id === me);
    if (!mentioned && muted().has(roomName)) return;
    const tag = mentioned ? `mention-${message.id ?? message.client_id ?? roomName}` : roomName;
    void notify(roomName, message.sender_username, body, message.sender_profile_image, tag).catch(
      () => {
        // Refused or unsupported: the title and favicon still tell.
      },
    );
    if (mentioned || !client.session.state.user?.mute_sounds) chime();
  });

  // Issue 25: the sdk's counts decide — they grow with messages not read, are seeded from the
  // chat list after a reload, and fall when a chat is read here or on another device.
  const totalUnread = () => {
    const silent = muted();
    return Object.entries(client.chat.state.unread ?? {}).reduce(
      (sum, [room, count]) => (silent.has(room) ? sum : sum + count),
      0,
    );
  };
  const update = () => {
    const total = totalUnread();
    if (total !== unread) show(total);
  };
  const offUnread = subscribe(client.chat.state, update);
  const offMutes = subscribe(client.chatList.state, update);
  update();

  // The service worker asks this window to open a notification's conversation.
  const onWorkerMessage = (event: MessageEvent) => {
    const data = event.data as { type?: unknown; path?: unknown } | null;
    if (
      data?.type === NAVIGATE_MESSAGE &&
      typeof data.path === 'string' &&
      data.path.startsWith('/')
    ) {
      options.navigate(data.path);
    }
  };
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);

  return () => {
    offIncoming();
    offUnread();
    offMutes();
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    show(0);
  };
}
