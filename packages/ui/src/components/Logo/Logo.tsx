import { logo, mark, wordmark } from './Logo.css';

export const LOGO_SIZES = ['sm', 'md', 'lg'] as const;
export type LogoSize = (typeof LOGO_SIZES)[number];

export interface LogoProps {
  /** The product name (partners rebrand through ParleyProvider's productName). */
  productName: string;
  size?: LogoSize;
  /** Hide the wordmark and keep only the mark (its accessible name stays the product name). */
  markOnly?: boolean;
}

/** Two overlapping speech bubbles and the product name. */
export function Logo({ productName, size = 'md', markOnly = false }: LogoProps) {
  return (
    <span className={logo({ size })}>
      <svg
        className={mark}
        viewBox="0 0 32 32"
        role="img"
        aria-label={markOnly ? productName : undefined}
        aria-hidden={markOnly ? undefined : true}
      >
        <path
          d="M4 6a4 4 0 0 1 4-4h12a4 4 0 0 1 4 4v8a4 4 0 0 1-4 4h-8l-6 5v-5a2 2 0 0 1-2-2z"
          fill="currentColor"
        />
        <path
          d="M28 14a4 4 0 0 0-2-3.5V14a6 6 0 0 1-6 6h-6v1a4 4 0 0 0 4 4h4l5 4v-4a2 2 0 0 0 1-2z"
          fill="currentColor"
          opacity="0.55"
        />
      </svg>
      {markOnly ? null : <span className={wordmark}>{productName}</span>}
    </span>
  );
}
