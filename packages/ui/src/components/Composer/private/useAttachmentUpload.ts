import { type ChatFileType, chatFileKind } from '@parley/chat-sdk';
import { useEffect, useRef, useState } from 'react';

/** An attachment the upload accepted: what the chat message carries (spec §7). */
export interface ComposerFile {
  url: string;
  name: string;
  type: ChatFileType;
  /** Bytes. */
  size: number;
}

/** Uploads a chosen file, reporting whole percents; the composer shows the bar. */
export type UploadComposerFile = (
  file: File,
  onProgress: (percent: number) => void,
  signal: AbortSignal,
) => Promise<{ url: string; name: string; type?: ChatFileType }>;

export interface Attachment {
  file: File;
  /** An object URL for image previews. */
  previewUrl: string | null;
  progress: number;
  status: 'uploading' | 'done' | 'failed';
  uploaded: ComposerFile | null;
  done: Promise<ComposerFile | null>;
  controller: AbortController;
}

/**
 * The composer's one attachment: uploads a chosen file at once with progress, retries or removes
 * it, and releases its preview URL and unfinished upload when it goes (or the composer does).
 */
export function useAttachmentUpload(uploadFile: UploadComposerFile | undefined) {
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const attachmentRef = useRef<Attachment | null>(null);
  attachmentRef.current = attachment;
  const fileInputRef = useRef<HTMLInputElement>(null);

  // The preview's object URL and an unfinished upload go with the attachment.
  useEffect(
    () => () => {
      const current = attachmentRef.current;
      if (current?.previewUrl) URL.revokeObjectURL(current.previewUrl);
      if (current?.status === 'uploading') current.controller.abort();
    },
    [],
  );

  function attach(file: File) {
    if (!uploadFile) return;
    removeAttachment();
    const controller = new AbortController();
    const kind = chatFileKind(file.type, true) ?? 'application';
    const entry: Attachment = {
      file,
      previewUrl:
        kind === 'image' && typeof URL.createObjectURL === 'function'
          ? URL.createObjectURL(file)
          : null,
      progress: 0,
      status: 'uploading',
      uploaded: null,
      controller,
      done: Promise.resolve(null),
    };
    let latest = entry;
    const track = (change: Partial<Attachment>) => {
      Object.assign(latest, change);
      latest = { ...latest };
      const next = latest;
      setAttachment((current) => (current && current.controller === controller ? next : current));
    };
    entry.done = uploadFile(
      file,
      (percent) => track({ progress: Math.max(0, Math.min(100, Math.round(percent))) }),
      controller.signal,
    ).then(
      (answer) => {
        const uploaded: ComposerFile = {
          url: answer.url,
          name: answer.name || file.name,
          type: answer.type ?? kind,
          size: file.size,
        };
        if (!controller.signal.aborted) track({ status: 'done', progress: 100, uploaded });
        return uploaded;
      },
      () => {
        if (!controller.signal.aborted) track({ status: 'failed' });
        return null;
      },
    );
    setAttachment(entry);
  }

  function removeAttachment() {
    const current = attachmentRef.current;
    if (!current) return;
    if (current.status === 'uploading') current.controller.abort();
    if (current.previewUrl) URL.revokeObjectURL(current.previewUrl);
    setAttachment(null);
    if (fileInputRef.current) fileInputRef.current.value = '';
  }

  /** The attachment went out with its message: let it go without aborting anything. */
  function sent(sentAttachment: Attachment) {
    if (sentAttachment.previewUrl) URL.revokeObjectURL(sentAttachment.previewUrl);
    setAttachment(null);
    if (fileInputRef.current) fileInputRef.current.value = '';
  }

  return { attachment, attachmentRef, fileInputRef, attach, removeAttachment, sent };
}
