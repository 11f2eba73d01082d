// A partner page with no React: the whole chat from @parley/chat-sdk alone, drawn with the DOM.
import {
  createParleyClient,
  privateRoomName,
  type RoomMessage,
  subscribeToState,
} from '@parley/chat-sdk';

const client = createParleyClient({ apiUrl: window.location.origin });

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`#${id} is missing`);
  return found as T;
}

const status = element<HTMLParagraphElement>('status');
const list = element<HTMLOListElement>('messages');
let room: string | null = null;

function field(form: HTMLFormElement, name: string): string {
  return String(new FormData(form).get(name) ?? '').trim();
}

function render() {
  const messages: readonly RoomMessage[] = room
    ? (client.chat.state.rooms[room]?.messages ?? [])
    : [];
  list.replaceChildren(
    ...messages.map((m) => {
      const item = document.createElement('li');
      item.textContent = `${m.sender_username}: ${m.message}`;
      return item;
    }),
  );
}
subscribeToState(client.chat.state, render);

element<HTMLFormElement>('sign-in').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  try {
    const user = await client.session.signIn(field(form, 'username'), field(form, 'password'));
    client.socket.connect();
    form.hidden = true;
    element('chat').hidden = false;
    element('me').textContent = `Signed in as ${user.username}`;
    status.textContent = '';
  } catch {
    status.textContent = 'Sign-in failed';
  }
});

element<HTMLFormElement>('open').addEventListener('submit', async (event) => {
  event.preventDefault();
  const name = field(event.currentTarget as HTMLFormElement, 'username');
  const me = client.session.state.user;
  if (!me) return;
  for await (const page of client.api.accounts.users({ search: name })) {
    const other = page.find((u) => u.username === name);
    if (other) {
      room = privateRoomName(me.id, other.id);
      client.chat.openRoom(room);
      status.textContent = `Chatting with ${name}`;
      render();
      return;
    }
  }
  status.textContent = `No user ${name}`;
});

element<HTMLFormElement>('send').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = event.currentTarget as HTMLFormElement;
  const text = field(form, 'text');
  if (!room || !text) return;
  client.chat.sendMessage({ roomName: room, text });
  form.reset();
});
