/** Small decorative icons (aria-hidden); the control carrying one provides the accessible name. */
import type { ReactNode } from 'react';
import { mirroredInRtl } from './icons.css';

/** Given a class, the class sizes the icon (e.g. to its text) instead of the width and height. */
interface IconProps {
  className?: string;
}

function Svg({
  size = 20,
  className,
  mirrored = false,
  children,
}: {
  size?: number;
  className?: string;
  /** An icon that points (send): drawn the other way round in right-to-left text. */
  mirrored?: boolean;
  children: ReactNode;
}) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={mirrored ? [className, mirroredInRtl].filter(Boolean).join(' ') : className}
      width={className ? undefined : size}
      height={className ? undefined : size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export function PhoneIcon() {
  return (
    <Svg>
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
    </Svg>
  );
}

export function VideoIcon() {
  return (
    <Svg>
      <path d="m23 7-7 5 7 5V7z" />
      <rect x="1" y="5" width="15" height="14" rx="2" />
    </Svg>
  );
}

export function SendIcon() {
  return (
    <Svg mirrored>
      <path d="M22 2 11 13" />
      <path d="M22 2 15 22l-4-9-9-4 20-7z" />
    </Svg>
  );
}

export function SearchIcon() {
  return (
    <Svg>
      <circle cx="11" cy="11" r="7" />
      <path d="m21 21-4.3-4.3" />
    </Svg>
  );
}

export function ClockIcon() {
  return (
    <Svg size={12}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </Svg>
  );
}

export function AlertIcon() {
  return (
    <Svg size={14}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8v4M12 16h.01" />
    </Svg>
  );
}

export function MicIcon() {
  return (
    <Svg>
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M5 10a7 7 0 0 0 14 0" />
      <path d="M12 17v5" />
    </Svg>
  );
}

/** A broadcast mark: waves either side of a point (live talk). */
export function LiveIcon() {
  return (
    <Svg>
      <circle cx="12" cy="12" r="2" />
      <path d="M16.24 7.76a6 6 0 0 1 0 8.48M7.76 16.24a6 6 0 0 1 0-8.48" />
      <path d="M19.07 4.93a10 10 0 0 1 0 14.14M4.93 19.07a10 10 0 0 1 0-14.14" />
    </Svg>
  );
}

export function StopIcon() {
  return (
    <Svg>
      <rect x="6" y="6" width="12" height="12" rx="1" />
    </Svg>
  );
}

export function TrashIcon() {
  return (
    <Svg>
      <path d="M3 6h18" />
      <path d="M8 6V4h8v2" />
      <path d="M19 6l-1 14H6L5 6" />
    </Svg>
  );
}

export function PaperclipIcon() {
  return (
    <Svg>
      <path d="m21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7" />
    </Svg>
  );
}

export function CloseIcon() {
  return (
    <Svg>
      <path d="M18 6 6 18" />
      <path d="m6 6 12 12" />
    </Svg>
  );
}

export function BackIcon() {
  return (
    <Svg>
      <path d="M15 18l-6-6 6-6" />
    </Svg>
  );
}

/** Two arrows (both ways), or one: towards the language (from the reader) or back (into theirs). */
export function TranslationIcon({
  direction,
  className,
}: IconProps & { direction: 'both' | 'fromReader' | 'intoReader' }) {
  return (
    <Svg className={className}>
      {direction !== 'intoReader' ? <path d="M4 8h15m-4-4 4 4-4 4" /> : null}
      {direction !== 'fromReader' ? <path d="M20 16H5m4-4-4 4 4 4" /> : null}
    </Svg>
  );
}

export function SpeakerIcon({ className }: IconProps = {}) {
  return (
    <Svg className={className}>
      <path d="M11 5 6 9H2v6h4l5 4V5z" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7" />
    </Svg>
  );
}

/**
 * 'Transcribed' in the language picker's badges: a microphone drawn for text size (a shorter stem
 * than MicIcon's, so it stays legible at about 14 px).
 */
export function TranscribedIcon({ className }: IconProps = {}) {
  return (
    <Svg className={className}>
      <rect x="9" y="2" width="6" height="12" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v4" />
    </Svg>
  );
}

/** 'Spelling corrected' in the language picker's badges: a letter A with a tick beside it. */
export function SpellingIcon({ className }: IconProps = {}) {
  return (
    <Svg className={className}>
      <path d="M2 17 6.5 5 11 17M3.7 12.5h5.6" />
      <path d="m13 14 3.5 3.5L23 10" />
    </Svg>
  );
}
