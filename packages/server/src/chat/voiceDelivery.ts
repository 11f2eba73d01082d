import {
  type ChatMessage,
  languageCodeForName,
  NO_TRANSCRIPT_MARKER,
  type TranscriptStatus,
} from '@parley/chat-sdk';
import {
  type ChatFileStore,
  type FileUrlSigner,
  fileUrlPath,
  storedNameOf,
} from '../media/chatFiles.js';
import { type Rendition, renderVoice, type VoiceServices } from '../media/voicePipeline.js';
import type { DeliveryMember } from '../plugins/app/index.js';
import { originalView } from './messageTranslation.js';

export interface VoiceDeliveryDeps extends VoiceServices {
  signer: FileUrlSigner;
}

/** One frame's message for some readers. */
export interface VoiceView {
  recipients: number[];
  message: ChatMessage;
  readerLanguage?: string;
}

/** The voice note's own fields (transcript as recognised, status) on the message. */
function withTranscript(
  message: ChatMessage,
  upload: { transcript: string | null; transcriptStatus: string | null },
): ChatMessage {
  const status = (upload.transcriptStatus ?? 'unavailable') as TranscriptStatus;
  const transcript = upload.transcript ?? NO_TRANSCRIPT_MARKER;
  return {
    ...originalView(message),
    transcript,
    original_transcript: transcript,
    transcript_status: status,
    transcript_translated: false,
  };
}

function withRendition(message: ChatMessage, rendition: Rendition): ChatMessage {
  const view: ChatMessage = { ...message };
  if (rendition.transcript !== null) {
    view.transcript = rendition.transcript;
    view.transcript_translated = rendition.translated;
  }
  view.synth_audio_url = rendition.synthWebm;
  view.synth_audio_url_mp4 = rendition.synthMp4;
  view.synth_status = rendition.synthStatus;
  if (rendition.translationFailed) view.translation_failed = true;
  return view;
}

/**
 * A voice note's deliveries (docs/protocol.md, Voice notes): same-language readers and the sender
 * get the original audio and transcript; each other language gets the transcript translated and
 * speech in that language, made once per language and kept. Null when the message's audio is not
 * a voice note uploaded here (then it goes out like any message).
 */
export async function planVoiceDelivery(
  deps: VoiceDeliveryDeps,
  message: ChatMessage,
  members: DeliveryMember[],
  senderId: number,
): Promise<VoiceView[] | null> {
  const name = storedNameOf(message.audio_url);
  const upload = name ? await deps.files.byName(name) : null;
  if (upload?.kind !== 'voice') return null;
  const base = withTranscript(message, upload);
  const source = upload.transcriptLanguage;
  const original: number[] = [];
  const byLanguage = new Map<string, number[]>();
  for (const member of members) {
    const code = languageCodeForName(member.language);
    if (member.id === senderId || !code || code === source) original.push(member.id);
    else byLanguage.set(code, [...(byLanguage.get(code) ?? []), member.id]);
  }
  const views: VoiceView[] = [
    { recipients: original, message: { ...base, synth_status: 'same_language' } },
  ];
  const renditions = await Promise.all(
    [...byLanguage.keys()].map((language) => renderVoice(deps, upload, language)),
  );
  for (const rendition of renditions) {
    views.push({
      recipients: byLanguage.get(rendition.language) ?? [],
      message: withRendition(base, rendition),
      readerLanguage: rendition.language,
    });
  }
  return views.map((view) => ({ ...view, message: deps.signer.signMessage(view.message) }));
}

/**
 * History pages: voice notes get their stored rendition for the reader (no new work), and every
 * file URL is signed.
 */
export async function localizeVoiceHistory(
  files: ChatFileStore,
  signer: FileUrlSigner,
  page: ChatMessage[],
  reader: { id: number; language: string | null },
): Promise<ChatMessage[]> {
  const names = page.map((m) => storedNameOf(m.audio_url)).filter((n): n is string => n !== null);
  const uploads = new Map(
    (await files.byNames(names).catch(() => [])).map((u) => [u.storedName, u]),
  );
  return Promise.all(
    page.map(async (message) => {
      const name = storedNameOf(message.audio_url);
      const upload = name ? uploads.get(name) : undefined;
      if (upload?.kind !== 'voice') return signer.signMessage(message);
      const base = { ...withTranscript(message, upload), message: message.message };
      if (message.translated) base.translated = true;
      if (
        message.sender_id === reader.id ||
        !reader.language ||
        reader.language === upload.transcriptLanguage
      ) {
        return signer.signMessage({ ...base, synth_status: 'same_language' });
      }
      const [row] = await files.renditions(upload.id, [reader.language]).catch(() => []);
      if (!row) return signer.signMessage(base);
      return signer.signMessage(
        withRendition(base, {
          language: reader.language,
          transcript: row.transcript,
          translated: row.transcript !== null && row.transcript !== upload.transcript,
          translationFailed: row.translationFailed,
          synthWebm: row.synthWebm && fileUrlPath(row.synthWebm),
          synthMp4: row.synthMp4 && fileUrlPath(row.synthMp4),
          synthStatus: row.synthStatus as Rendition['synthStatus'],
        }),
      );
    }),
  );
}
