import { NO_TRANSCRIPT_MARKER } from '@parley/chat-sdk';
import { lazy, Suspense, useState } from 'react';
import { MEDIA_STRINGS } from '../../../mediaStrings';
import { UI_STRINGS } from '../../../strings';
import { visuallyHidden } from '../../../theme/baseTheme.css';
import { formatFileSize } from '../../private/localeFormat';
import type { MessageBubbleMessage } from '../MessageBubbleMessage';
import * as css from './MediaContent.css';
import { ViewOriginal } from './ViewOriginal';

const M = MEDIA_STRINGS;

/** The image viewer loads the first time an image is opened. */
const Lightbox = lazy(() => import('../../Lightbox/Lightbox'));

/** The attachment or voice note of a bubble: image, video, file or audio (spec §4). */
export function MediaContent({ message }: { message: MessageBubbleMessage }) {
  const kind = message.file_type ?? 'text';
  const url = message.file_url ?? null;
  const name = message.file_name || UI_STRINGS.chat.attachment;
  if (kind === 'audio' || message.audio_url || message.uploading) {
    return <VoiceContent message={message} />;
  }
  if (!url) return null;
  if (kind === 'image')
    return <ImageContent url={url} thumbnail={message.thumbnail_url ?? null} name={name} />;
  if (kind === 'video') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: user videos come without captions
      <video
        className={css.video}
        src={url}
        controls
        preload="metadata"
        aria-label={M.video(name)}
      />
    );
  }
  return (
    <a className={css.fileLink} href={url} download={name} dir="auto">
      <span className={visuallyHidden}>{M.download} </span>
      <span className={css.fileName}>{name}</span>
      {typeof message.file_size === 'number' ? (
        <span className={css.fileSize}>{formatFileSize(message.file_size)}</span>
      ) : null}
    </a>
  );
}

function ImageContent({
  url,
  thumbnail,
  name,
}: {
  url: string;
  thumbnail: string | null;
  name: string;
}) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className={css.imageButton}
        aria-label={M.openImage(name)}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <img className={css.image} src={thumbnail ?? url} alt={M.image(name)} loading="lazy" />
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <Lightbox open={open} src={url} name={name} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** A transcript that stands for "none": the server's marker, or a status other than ok. */
function hasTranscript(message: MessageBubbleMessage): boolean {
  const text = message.transcript?.trim() ?? '';
  if (text === '' || text === NO_TRANSCRIPT_MARKER) return false;
  return !message.transcript_status || message.transcript_status === 'ok';
}

/**
 * A voice note: the player (translated audio first for a reader of another language, the original
 * one tap away), the transcript in the reader's language with 'View original'.
 */
function VoiceContent({ message }: { message: MessageBubbleMessage }) {
  const sent = message.type === 'sent';
  const original = message.audio_url || message.local_audio_url || message.file_url || null;
  const synth = sent ? null : (message.synth_audio_url ?? null);
  const translated =
    !sent &&
    message.transcript_translated === true &&
    Boolean(message.original_transcript) &&
    message.original_transcript !== message.transcript;
  if (message.uploading) {
    return (
      <div className={css.voice}>
        {original ? (
          // biome-ignore lint/a11y/useMediaCaption: a voice message has its transcript instead
          <audio className={css.audio} controls src={original} aria-label={M.voiceMessage} />
        ) : null}
        <span className={css.note} role="status">
          {M.uploadingVoice}
        </span>
      </div>
    );
  }
  return (
    <div className={css.voice}>
      {synth ? (
        <>
          <span className={css.note}>{M.translatedAudio}</span>
          {/* biome-ignore lint/a11y/useMediaCaption: the transcript is shown beside it */}
          <audio className={css.audio} controls preload="metadata" aria-label={M.translatedAudio}>
            <source src={synth} type="audio/webm" />
            {message.synth_audio_url_mp4 ? (
              <source src={message.synth_audio_url_mp4} type="audio/mp4" />
            ) : null}
          </audio>
          {original ? (
            <details className={css.details}>
              <summary>{M.playOriginal}</summary>
              {/* biome-ignore lint/a11y/useMediaCaption: the original transcript is shown */}
              <audio
                className={css.audio}
                controls
                preload="none"
                src={original}
                aria-label={M.originalAudio}
              />
            </details>
          ) : null}
        </>
      ) : original ? (
        // biome-ignore lint/a11y/useMediaCaption: the transcript is shown beside it
        <audio
          className={css.audio}
          controls
          preload="metadata"
          src={original}
          aria-label={M.voiceMessage}
        />
      ) : null}
      {hasTranscript(message) ? (
        <p className={css.transcript} dir="auto">
          <span className={visuallyHidden}>
            {translated ? M.translatedTranscript : M.transcript}:{' '}
          </span>
          {message.transcript}
        </p>
      ) : (
        <span className={css.note}>{M.noTranscript}</span>
      )}
      {translated ? (
        <ViewOriginal
          original={message.original_transcript}
          language={message.original_language}
          label={M.originalTranscript}
        />
      ) : null}
    </div>
  );
}
