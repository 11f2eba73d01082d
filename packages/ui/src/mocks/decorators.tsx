import type { Decorator } from '@storybook/react-vite';

/** Right-to-left rendering as for an Arabic-speaking user. */
export const rtl: Decorator = (Story) => (
  <div dir="rtl" lang="ar">
    <Story />
  </div>
);

/** Padding for components shown with the fullscreen layout. */
export const padded: Decorator = (Story) => (
  <div style={{ padding: '1rem' }}>
    <Story />
  </div>
);
