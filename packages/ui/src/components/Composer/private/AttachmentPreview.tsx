import { MEDIA_STRINGS } from '../../../mediaStrings';
import { CloseIcon } from '../../private/icons';
import { formatFileSize } from '../../private/localeFormat';
import * as css from './AttachmentPreview.css';
import { tool } from './toolButton.css';
import type { Attachment } from './useAttachmentUpload';

const M = MEDIA_STRINGS;

/** The chosen file: image preview (≤ 350 px high) or name, size in KB, the upload's bar, Remove. */
export function AttachmentPreview({
  attachment,
  onRemove,
  onRetry,
}: {
  attachment: Attachment;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const { file, previewUrl, progress, status } = attachment;
  return (
    <div className={css.attachment}>
      {previewUrl ? (
        <img
          className={css.attachmentImage}
          src={previewUrl}
          alt={M.attachmentPreview(file.name)}
        />
      ) : null}
      <div className={css.attachmentInfo}>
        <span className={css.attachmentName} dir="auto">
          {file.name}
        </span>
        <span className={css.attachmentSize}>{formatFileSize(file.size)}</span>
        {status === 'uploading' ? (
          <>
            <progress
              className={css.progress}
              max={100}
              value={progress}
              aria-label={M.uploadProgress}
              aria-valuetext={M.uploading(progress)}
            />
            <span className={css.attachmentSize} aria-live="polite">
              {M.uploading(progress)}
            </span>
          </>
        ) : null}
        {status === 'done' ? <span className={css.attachmentSize}>{M.uploaded}</span> : null}
        {status === 'failed' ? (
          <span role="alert" className={css.attachmentError}>
            {M.uploadFailed}{' '}
            <button type="button" className={css.linkButton} onClick={onRetry}>
              {M.retryUpload}
            </button>
          </span>
        ) : null}
      </div>
      <button type="button" className={tool} aria-label={M.removeFile} onClick={onRemove}>
        <CloseIcon />
      </button>
    </div>
  );
}
