/**
 * Voice output of text messages (issue 12): the client asks the server for synthesized speech of a
 * stored message in the reader's language. Parley extension, at MEDIA_PATHS.speech; a server
 * without it answers 404 and the client stays silent for text.
 */

/** POST body of MEDIA_PATHS.speech. */
export interface SpeechRequest {
  /** A message in a room the caller belongs to; it is spoken in the caller's language. */
  message_id: number;
}

/** 200 answer: WebM/Opus, and AAC/MP4 for Safari. */
export interface SpeechResponse {
  audio_url: string;
  audio_url_mp4?: string | null;
}
