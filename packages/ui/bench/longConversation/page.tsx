/**
 * The long-conversation bench's page: the connected chat screen (ChatScreen with a real
 * `createParleyClient`, the same providers as the stories) against MSW's mocked REST calls and
 * chat socket, the way the ChatScreen stories run it. The open room's history is 10,000 messages;
 * `window.parleyBench.receive` pushes chat_message frames into it through the mocked socket, so
 * every message goes through the sdk's frame readers and store before the ui draws it.
 */
import { createParleyClient, type ServerFrame } from '@parley/chat-sdk';
import { ws } from 'msw';
import { setupWorker } from 'msw/browser';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ToastProvider } from '../../src/components/Toast/ToastProvider';
import { ChatThemeScope } from '../../src/context/ChatThemeScope';
import { ParleyProvider } from '../../src/context/ParleyProvider';
import { chatHandlers, STORY_NOW } from '../../src/mocks/chat';
import { SignedIn } from '../../src/mocks/decorators';
import { defaultHandlers } from '../../src/mocks/handlers';
import { benchMessage, longConversation } from '../../src/mocks/longConversation';
import { ChatScreen } from '../../src/screens/Chat/ChatScreen';

const ROOM = 'private-1-2';
const params = new URLSearchParams(location.search);
const HISTORY = Number(params.get('messages') ?? '10000');

declare global {
  interface Window {
    parleyBench: {
      /** `count` messages from bo, `perSecond` a second; resolves when the last is pushed. */
      receive(count: number, perSecond: number): Promise<void>;
    };
  }
}

// The chat socket of docs/socket-protocol.md, as far as this page needs it: pong, the history on
// join, and the frames the bench pushes.
let push: ((frame: ServerFrame) => void) | null = null;
let joinedAs = 'private_1_2';
const history = longConversation(ROOM, HISTORY, STORY_NOW);
const socket = ws.link(/\/ws\/chat\/user_\d+\//).addEventListener('connection', ({ client }) => {
  const send = (frame: ServerFrame) => client.send(JSON.stringify(frame));
  push = send;
  client.addEventListener('message', (event) => {
    if (typeof event.data !== 'string') return;
    const frame = JSON.parse(event.data) as { type: string; room_name?: string };
    if (frame.type === 'ping') send({ type: 'pong' });
    if (frame.type === 'join_room') {
      joinedAs = frame.room_name ?? joinedAs;
      send({
        type: 'chat_history',
        message: history.map((m) => ({ ...m, room_name: joinedAs })),
        room_name: joinedAs,
        has_more: false,
      });
    }
  });
});

window.parleyBench = {
  receive(count, perSecond) {
    let sent = 0;
    let nextId = HISTORY + 1;
    return new Promise((resolve) => {
      const timer = setInterval(() => {
        const i = nextId - 1;
        const message = benchMessage(joinedAs, nextId, new Date(), i, false);
        nextId += 1;
        push?.({ type: 'chat_message', ...message, room_name: joinedAs } as ServerFrame);
        sent += 1;
        if (sent >= count) {
          clearInterval(timer);
          resolve();
        }
      }, 1000 / perSecond);
    });
  },
};

await setupWorker(...Object.values({ ...defaultHandlers, ...chatHandlers }), socket).start({
  quiet: true,
  onUnhandledRequest: 'bypass',
});

const client = createParleyClient({ apiUrl: '', storage: null });
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <ParleyProvider client={client}>
      <ToastProvider>
        <ChatThemeScope theme="default">
          <SignedIn>
            <ChatScreen now={STORY_NOW} openKey={ROOM} sounds={false} />
          </SignedIn>
        </ChatThemeScope>
      </ToastProvider>
    </ParleyProvider>
  </StrictMode>,
);
