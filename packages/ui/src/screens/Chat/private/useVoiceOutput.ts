import {
  type Capabilities,
  createVoiceOutput,
  findLanguage,
  type ParleyClient,
} from '@parley/chat-sdk';
import { type RefObject, useEffect } from 'react';
import { NOTIFICATION_SOUND_URL } from '../../../sounds/notificationSound';

/**
 * Voice output while the screen is shown: incoming messages of the open room are spoken in turn
 * (in the reader's language, when the server can speak it); others chime unless muted. Off when
 * `sounds` is false (stories).
 */
export function useVoiceOutput(
  client: ParleyClient,
  sounds: boolean,
  capabilitiesRef: RefObject<Capabilities | null>,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ref is read when a message arrives
  useEffect(() => {
    if (!sounds) return;
    const output = createVoiceOutput({
      chat: client.chat,
      socket: client.socket,
      getUser: () => client.session.state.user,
      notificationUrl: NOTIFICATION_SOUND_URL,
      speechUrl: ({ message }) => {
        const user = client.session.state.user;
        const language = user ? findLanguage(user.language)?.code : undefined;
        const speaks = capabilitiesRef.current?.synthesis.languages ?? [];
        if (message.id === null || !language || !speaks.includes(language)) return null;
        return client.api.media.speech(message.id).catch(() => null);
      },
    });
    return () => output.dispose();
  }, [client, sounds]);
}
