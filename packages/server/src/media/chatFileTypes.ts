import type { ChatFileType } from '@parley/chat-sdk';
import { sniffImage } from './imageSniffing.js';

/** What an uploaded chat file is, decided by its bytes only (never its name or claimed type). */
export interface SniffedChatFile {
  kind: Exclude<ChatFileType, 'text'>;
  /** The Content-Type it is served with. */
  mime: string;
  extension: string;
  /** Markup a browser would run (HTML, SVG, XML): stored as an opaque download. */
  markup?: boolean;
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.subarray(from, Math.min(to, bytes.length))).toString('latin1');

function has(bytes: Uint8Array, text: string, offset = 0): boolean {
  return ascii(bytes, offset, offset + text.length) === text;
}

/** A WebM/Matroska container: its EBML header's magic bytes. */
export function isMatroska(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x1a &&
    bytes[1] === 0x45 &&
    bytes[2] === 0xdf &&
    bytes[3] === 0xa3
  );
}

export const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);
// Matroska codec ids of video tracks (V_VP8, V_VP9, V_AV1, V_MPEG4/ISO/AVC…).
const MATROSKA_VIDEO = Buffer.from('V_', 'latin1');
const MATROSKA_CODEC_ID = Buffer.from([0x86]);

function matroskaHasVideo(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // CodecID elements (0x86, size, 'V_…') live in the Tracks element near the start.
  const head = buffer.subarray(0, Math.min(buffer.length, 256 * 1024));
  let at = head.indexOf(MATROSKA_VIDEO);
  while (at > 1) {
    if (head[at - 2] === MATROSKA_CODEC_ID[0]) return true;
    at = head.indexOf(MATROSKA_VIDEO, at + 1);
  }
  return false;
}

function mp4HasVideo(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Each track's `hdlr` box names its handler: `vide` or `soun`, 8 bytes after the box type.
  let at = buffer.indexOf('hdlr', 0, 'latin1');
  while (at !== -1) {
    if (buffer.toString('latin1', at + 12, at + 16) === 'vide') return true;
    at = buffer.indexOf('hdlr', at + 4, 'latin1');
  }
  return false;
}

function looksLikeText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  if (sample.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, sample.length - 4));
    return true;
  } catch {
    return false;
  }
}

function looksLikeMarkup(bytes: Uint8Array): boolean {
  const head = ascii(bytes, 0, 1024)
    .replace(/^\uFEFF|^\xEF\xBB\xBF/, '')
    .trimStart()
    .toLowerCase();
  return /^<(?:!doctype|html|head|body|script|svg|\?xml|iframe|!--|[a-z][a-z0-9:-]*[\s>/])/.test(
    head,
  );
}

/** An MPEG audio frame sync (11 set bits): MP3, or ADTS AAC. */
function isFrameSync(bytes: Uint8Array, at: number): boolean {
  return bytes.length > at + 1 && bytes[at] === 0xff && ((bytes[at + 1] ?? 0) & 0xe0) === 0xe0;
}

/** ADTS AAC: sync word 0xFFF and layer 00. */
function isAdts(bytes: Uint8Array, at: number): boolean {
  return bytes.length > at + 1 && bytes[at] === 0xff && ((bytes[at + 1] ?? 0) & 0xf6) === 0xf0;
}

const ID3_HEADER_BYTES = 10;
// Encoders may pad between the tag and the first frame; further than this is not audio.
const ID3_PADDING_MAX = 4096;

/**
 * Where the audio after an ID3v2 tag starts, or -1 when no audio frame (or FLAC stream) follows
 * it. ffmpeg skips ID3 tags when it guesses a format, so a tag followed by an HLS or concat
 * playlist would otherwise be read as a playlist.
 */
function afterId3(bytes: Uint8Array): number {
  if (!has(bytes, 'ID3') || bytes.length < ID3_HEADER_BYTES) return -1;
  // Syncsafe size (7 bits a byte), plus a footer when flagged.
  const size =
    (((bytes[6] ?? 0) & 0x7f) << 21) |
    (((bytes[7] ?? 0) & 0x7f) << 14) |
    (((bytes[8] ?? 0) & 0x7f) << 7) |
    ((bytes[9] ?? 0) & 0x7f);
  let at = ID3_HEADER_BYTES + size + (((bytes[5] ?? 0) & 0x10) !== 0 ? 10 : 0);
  const paddingEnd = at + ID3_PADDING_MAX;
  while (at < bytes.length && at < paddingEnd && bytes[at] === 0) at += 1;
  if (isFrameSync(bytes, at) || has(bytes, 'fLaC', at)) return at;
  return -1;
}

/**
 * The ffmpeg demuxer for audio bytes, decided from their signature, or null when they are not a
 * container Parley reads. ffmpeg is always told which demuxer to use (`-f`): left to guess, it
 * also opens playlists (HLS, concat) that name other files or URLs.
 */
export function audioDemuxer(bytes: Uint8Array): string | null {
  if (isMatroska(bytes)) return 'matroska';
  if (has(bytes, 'OggS')) return 'ogg';
  if (has(bytes, 'RIFF') && has(bytes, 'WAVE', 8)) return 'wav';
  if (has(bytes, 'fLaC')) return 'flac';
  if (has(bytes, 'ftyp', 4)) return 'mov';
  if (has(bytes, 'ID3')) {
    const at = afterId3(bytes);
    if (at < 0) return null;
    return has(bytes, 'fLaC', at) ? 'flac' : isAdts(bytes, at) ? 'aac' : 'mp3';
  }
  if (isAdts(bytes, 0)) return 'aac';
  if (isFrameSync(bytes, 0)) return 'mp3';
  return null;
}

/** The ffmpeg demuxer for a video container (MP4/MOV, WebM), or null. */
export function videoDemuxer(bytes: Uint8Array): string | null {
  if (has(bytes, 'ftyp', 4)) return 'mov';
  if (isMatroska(bytes)) return 'matroska';
  return null;
}

/** Audio containers browsers record or play: WebM/Ogg/MP4/WAV/MP3/FLAC. */
export function sniffAudio(bytes: Uint8Array): SniffedChatFile | null {
  if (isMatroska(bytes)) return { kind: 'audio', mime: 'audio/webm', extension: 'webm' };
  if (has(bytes, 'OggS')) return { kind: 'audio', mime: 'audio/ogg', extension: 'ogg' };
  if (has(bytes, 'RIFF') && has(bytes, 'WAVE', 8))
    return { kind: 'audio', mime: 'audio/wav', extension: 'wav' };
  if (has(bytes, 'fLaC')) return { kind: 'audio', mime: 'audio/flac', extension: 'flac' };
  if (has(bytes, 'ID3')) {
    // A tag followed by anything but audio (a playlist, say) is not a voice note.
    return afterId3(bytes) < 0 ? null : { kind: 'audio', mime: 'audio/mpeg', extension: 'mp3' };
  }
  if (isFrameSync(bytes, 0)) return { kind: 'audio', mime: 'audio/mpeg', extension: 'mp3' };
  if (has(bytes, 'ftyp', 4)) return { kind: 'audio', mime: 'audio/mp4', extension: 'm4a' };
  return null;
}

/** The kind and served type of a chat upload. Unknown bytes are an opaque download. */
export function sniffChatFile(bytes: Uint8Array): SniffedChatFile {
  const image = sniffImage(bytes);
  if (image) return { kind: 'image', mime: image.contentType, extension: image.extension };
  if (has(bytes, 'ftyp', 4)) {
    const brand = ascii(bytes, 8, 12);
    if (!AUDIO_BRANDS.has(brand) && mp4HasVideo(bytes)) {
      return brand === 'qt  '
        ? { kind: 'video', mime: 'video/quicktime', extension: 'mov' }
        : { kind: 'video', mime: 'video/mp4', extension: 'mp4' };
    }
    return { kind: 'audio', mime: 'audio/mp4', extension: 'm4a' };
  }
  if (isMatroska(bytes)) {
    return matroskaHasVideo(bytes)
      ? { kind: 'video', mime: 'video/webm', extension: 'webm' }
      : { kind: 'audio', mime: 'audio/webm', extension: 'webm' };
  }
  const audio = sniffAudio(bytes);
  if (audio) return audio;
  if (has(bytes, '%PDF-'))
    return { kind: 'application', mime: 'application/pdf', extension: 'pdf' };
  if (has(bytes, 'PK\x03\x04'))
    return { kind: 'application', mime: 'application/zip', extension: 'zip' };
  if (looksLikeMarkup(bytes))
    return {
      kind: 'application',
      mime: 'application/octet-stream',
      extension: 'bin',
      markup: true,
    };
  if (looksLikeText(bytes))
    return { kind: 'application', mime: 'text/plain; charset=utf-8', extension: 'txt' };
  return { kind: 'application', mime: 'application/octet-stream', extension: 'bin' };
}

/** A file name fit for display and Content-Disposition: no paths, no control characters. */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((c) => c !== '"' && c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 200);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned;
}
