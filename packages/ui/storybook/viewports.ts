/**
 * The three device widths stories, visual tests and Chromatic modes use. Heights are what the
 * visual tests' browser window uses; stories themselves only take the width.
 */
export const STORY_VIEWPORTS = {
  mobile: { name: 'mobile', title: 'Mobile', width: 375, height: 667 },
  tablet: { name: 'tablet', title: 'Tablet', width: 768, height: 1024 },
  desktop: { name: 'desktop', title: 'Desktop', width: 1280, height: 800 },
} as const;

export type StoryViewport = keyof typeof STORY_VIEWPORTS;
