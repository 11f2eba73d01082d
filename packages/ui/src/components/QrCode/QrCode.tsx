import { QRCodeSVG } from 'qrcode.react';

export const QR_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type QrLevel = (typeof QR_LEVELS)[number];

export interface QrCodeProps {
  /** The text the code holds (a profile or invite URL). */
  value: string;
  /** Accessible name: what the code is for. */
  label: string;
  /** Pixels; the spec's settings code is 160 (the library default elsewhere is 256). */
  size?: number;
  /** Error correction; the spec's settings code is 'H' (high). */
  level?: QrLevel;
}

/**
 * A QR code drawn as SVG by `qrcode.react` (no hand-written encoder), dark on a white quiet zone
 * whatever the page colour, so phones read it in every theme.
 */
export function QrCode({ value, label, size = 160, level = 'H' }: QrCodeProps) {
  return (
    <QRCodeSVG
      value={value}
      size={size}
      level={level}
      marginSize={2}
      bgColor="#ffffff"
      fgColor="#0f172a"
      role="img"
      aria-label={label}
      title={label}
      data-qr-level={level}
    />
  );
}
