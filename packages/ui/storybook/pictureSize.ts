/**
 * The tallest story picture, in CSS pixels: a page taller than this is pictured down to here. Shared
 * by the Vitest config (the browser page around the story's frame is made taller than this, so the
 * frame is never scaled) and the visual setup (which grows the frame to the story's height).
 */
export const MAX_PICTURE_HEIGHT = 6000;
