import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LANDING_DEMO_CONVERSATION, LANDING_DEMO_STRINGS } from '../../landingDemoStrings';
import { padded, rtl } from '../../mocks/decorators';
import { fitsPhone, PHONE } from '../../mocks/devices';
import { LANDING_DEMO_LAST_FRAME, LandingDemo } from './LandingDemo';

const D = LANDING_DEMO_STRINGS;

const meta = {
  title: 'Components/LandingDemo',
  component: LandingDemo,
  tags: ['autodocs'],
  decorators: [padded],
} satisfies Meta<typeof LandingDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

const stage = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-frame]') as HTMLElement;

/**
 * Held on one frame for its picture: two messages each way have arrived, Emma is typing her third
 * (Mateo sees 'Emma is typing...'); each reads the other translated, with 'View original'.
 */
export const Demo: Story = {
  args: { frame: 4 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: D.heading })).toBeVisible();
    // The moving screens are hidden from screen readers and cannot take focus…
    await expect(stage(canvasElement)).toHaveAttribute('aria-hidden', 'true');
    await expect(stage(canvasElement).inert).toBe(true);
    // …which read the whole conversation once, as text.
    await expect(canvas.getAllByRole('listitem')).toHaveLength(LANDING_DEMO_CONVERSATION.length);
    const text = stage(canvasElement).textContent ?? '';
    await expect(text).toContain(LANDING_DEMO_CONVERSATION[1].original);
    await expect(text).toContain(LANDING_DEMO_CONVERSATION[1].translation);
    await expect(text).not.toContain(LANDING_DEMO_CONVERSATION[2].original);
    await expect(text).toContain('Emma is typing');
  },
};

/** The whole conversation (the last frame). */
export const WholeConversation: Story = {
  args: { frame: LANDING_DEMO_LAST_FRAME },
};

/** It plays by itself, and its button stops it where it is. */
export const PlaysAndPauses: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stage(canvasElement)).toHaveAttribute('data-frame', '0');
    await waitFor(() => expect(stage(canvasElement)).toHaveAttribute('data-frame', '1'), {
      timeout: 5000,
    });
    const pause = canvas.getByRole('button', { name: D.pause });
    await userEvent.click(pause);
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    await expect(stage(canvasElement)).toHaveAttribute('data-frame', '1');
  },
};

/** A hidden tab stops it; coming back starts it again. */
export const PausesInAHiddenTab: Story = {
  // Playing, but slowly enough that its picture is always the first frame.
  args: { slowness: 1000 },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(stage(canvasElement)).toHaveAttribute('data-playing', 'true'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => expect(stage(canvasElement)).toHaveAttribute('data-playing', 'false'));
    } finally {
      // The document's own answer again (the prototype's).
      Reflect.deleteProperty(document, 'visibilityState');
      document.dispatchEvent(new Event('visibilitychange'));
    }
    await waitFor(() => expect(stage(canvasElement)).toHaveAttribute('data-playing', 'true'));
  },
};

/** Below the fold it waits; scrolled into view it plays. */
export const PausesOffScreen: Story = {
  args: { slowness: 1000 },
  decorators: [
    (Story) => (
      <div>
        <div style={{ height: '150vh' }} />
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(stage(canvasElement)).toHaveAttribute('data-playing', 'false'));
    stage(canvasElement).scrollIntoView();
    await waitFor(() => expect(stage(canvasElement)).toHaveAttribute('data-playing', 'true'));
    window.scrollTo(0, 0);
  },
};

/**
 * Reduced motion: every message shows, nothing moves and there is nothing to pause.
 * (The story answers the media query as a person's 'reduce motion' setting would.)
 */
export const ReducedMotion: Story = {
  beforeEach: () => {
    const real = window.matchMedia;
    window.matchMedia = (query: string) => {
      const answer = real.call(window, query);
      if (!query.includes('prefers-reduced-motion')) return answer;
      return {
        ...answer,
        matches: query.includes('reduce'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      } as MediaQueryList;
    };
    return () => {
      window.matchMedia = real;
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(stage(canvasElement)).toHaveAttribute(
      'data-frame',
      String(LANDING_DEMO_LAST_FRAME),
    );
    await expect(canvas.queryByRole('button', { name: D.pause })).toBeNull();
    await expect(stage(canvasElement).textContent).not.toContain('typing');
  },
};

export const RightToLeft: Story = { args: { frame: 4 }, decorators: [rtl] };

/** On a phone (360 px) the two screens stack; nothing scrolls sideways. */
export const Phone: Story = {
  args: { frame: 4 },
  globals: PHONE,
  play: fitsPhone((el) => within(el).findByRole('region', { name: D.heading })),
};
