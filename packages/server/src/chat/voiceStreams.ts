import { languageCodeForName, MEDIA_LIMITS, type VoiceChunkFrame } from '@parley/chat-sdk';
import type { ChatFileStore, FileUrlSigner } from '../media/chatFiles.js';
import { sniffAudio } from '../media/chatFileTypes.js';
import {
  renderVoice,
  transcribeVoice,
  transcriptOrMarker,
  type VoiceServices,
} from '../media/voicePipeline.js';
import type { RoomAccess, UsersRepository } from '../plugins/app/index.js';
import {
  subscriptionRequired,
  type TranslationAllowance,
  VOICE_LIMIT_DETAIL,
} from '../usage/index.js';
import type { ChatFanout } from './chatFanout.js';

/** One socket's live stream, begun by `chunk_init`. */
export interface VoiceStream {
  room: RoomAccess;
  mimeType: string;
  /** The speaker's language (ISO 639-1), on every relayed chunk; null when unknown. */
  language: string | null;
  seq: number;
  bytes: number;
  /** Kept for the translated rendition at the end (bounded by maxVoiceStreamBytes). */
  chunks: Buffer[];
}

export interface VoiceStreamsDeps extends VoiceServices {
  files: ChatFileStore;
  signer: FileUrlSigner;
  allowance: TranslationAllowance;
  users: UsersRepository;
  fanout: ChatFanout;
}

/** A token bucket for binary chunks, per socket. */
export class ChunkRate {
  private tokens: number = MEDIA_LIMITS.voiceChunkBurst;
  private at = Date.now();
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(
      MEDIA_LIMITS.voiceChunkBurst,
      this.tokens + ((now - this.at) / 1000) * MEDIA_LIMITS.voiceChunksPerSecond,
    );
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/**
 * Live voice (docs/socket-protocol.md, Live voice chunks): each binary chunk after `chunk_init`
 * goes to the room's other members as `voice_chunk {original_blob}`; when the stream ends
 * (`chunk_end`), readers of another language get `voice_chunk {synth_audio_url}` with the
 * transcript translated, under the same Free plan limit as voice notes.
 */
export class VoiceStreams {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: VoiceStreamsDeps) {}

  /** Relays one chunk; the caller has checked the stream, size and rate. */
  relay(stream: VoiceStream, senderId: number, chunk: Buffer): void {
    const frame: VoiceChunkFrame = {
      type: 'voice_chunk',
      from: senderId,
      original_blob: chunk.toString('base64'),
      mime_type: stream.mimeType,
      room_name: stream.room.canonical,
      seq: stream.seq,
      ...(stream.language ? { language: stream.language } : {}),
    };
    stream.seq += 1;
    stream.bytes += chunk.length;
    stream.chunks.push(chunk);
    this.deps.fanout.publish({
      recipients: stream.room.memberIds.filter((id) => id !== senderId),
      room: stream.room.canonical,
      frame,
    });
  }

  /** The stream is over: translated renditions for other-language readers, in the background. */
  finish(stream: VoiceStream, senderId: number): void {
    if (stream.chunks.length === 0) return;
    const work = this.render(stream, senderId).catch((error: unknown) => {
      this.deps.log.warn({ err: error }, 'live voice rendition failed');
    });
    this.pending.add(work);
    void work.then(() => this.pending.delete(work));
  }

  /** Resolves when every rendition begun so far is done (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }

  private async render(stream: VoiceStream, senderId: number): Promise<void> {
    const { deps } = this;
    const members = await deps.users.deliveryMembers(stream.room.memberIds);
    const sender = members.find((m) => m.id === senderId);
    if (!sender) return;
    const source = languageCodeForName(sender.language) ?? null;
    const byLanguage = new Map<string, number[]>();
    for (const member of members) {
      const code = languageCodeForName(member.language);
      if (member.id === senderId || !code || code === source) continue;
      byLanguage.set(code, [...(byLanguage.get(code) ?? []), member.id]);
    }
    if (byLanguage.size === 0) return;
    const senderRow = await deps.users.byId(senderId);
    if (!senderRow) return;
    if ((await deps.allowance.takeVoice(senderRow)).kind === 'over') {
      deps.fanout.publish({
        recipients: [senderId],
        room: stream.room.canonical,
        frame: subscriptionRequired(VOICE_LIMIT_DETAIL),
      });
      return;
    }
    const bytes = Buffer.concat(stream.chunks);
    const sniffed = sniffAudio(bytes);
    const transcript = await transcribeVoice(deps.engines, bytes, source, deps.log);
    const upload = await deps.files.save({
      ownerId: senderId,
      room: stream.room.canonical,
      kind: 'voice',
      mime: sniffed?.mime ?? 'application/octet-stream',
      extension: sniffed?.extension ?? 'bin',
      bytes,
      originalName: `live.${sniffed?.extension ?? 'bin'}`,
      durationMs: transcript.durationMs,
      transcript: transcript.text,
      transcriptStatus: transcript.status,
      transcriptLanguage: source,
    });
    for (const [language, recipients] of byLanguage) {
      const rendition = await renderVoice(deps, upload, language);
      const frame: VoiceChunkFrame = {
        type: 'voice_chunk',
        from: senderId,
        synth_audio_url: deps.signer.sign(rendition.synthWebm),
        synth_audio_url_mp4: deps.signer.sign(rendition.synthMp4),
        mime_type: stream.mimeType,
        room_name: stream.room.canonical,
        transcript: rendition.transcript ?? transcriptOrMarker(transcript.text),
        original_transcript: transcriptOrMarker(transcript.text),
        transcript_status: transcript.status,
      };
      deps.fanout.publish({ recipients, room: stream.room.canonical, frame });
    }
  }
}
