// Noto Sans first (and Noto Sans Arabic for right-to-left text): both ship inside the ui's stylesheet
// (theme/private/fontFaces.ts), so a partner's page, Storybook and the visual tests render the same
// glyphs. The system stack after them covers scripts neither family draws (CJK, Thai, …).
export const fonts = {
  family: {
    body: '"Noto Sans", "Noto Sans Arabic", system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif',
    emoji: '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif',
  },
  size: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.25rem',
    xl: '1.5rem',
    display: '6rem',
  },
  weight: {
    regular: '400',
    medium: '500',
    bold: '700',
  },
  lineHeight: {
    tight: '1.2',
    normal: '1.5',
  },
} as const;
