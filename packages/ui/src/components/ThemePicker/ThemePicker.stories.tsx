import type { ChatThemeName } from '@parley/chat-sdk';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ACCOUNT_STRINGS } from '../../accountStrings';
import { ChatThemeScope } from '../../context/ChatThemeScope';
import { padded, rtl } from '../../mocks/decorators';
import { chatThemeFor } from '../../theme/chatThemes';
import { ThemePicker } from './ThemePicker';

const meta = {
  title: 'Components/ThemePicker',
  component: ThemePicker,
  tags: ['autodocs'],
  decorators: [padded],
  args: { value: 'default', onChange: fn() },
} satisfies Meta<typeof ThemePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Classic: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('group', { name: ACCOUNT_STRINGS.settings.chatTheme }),
    ).toBeVisible();
    await expect(canvas.getByRole('radio', { name: /Classic/ })).toBeChecked();
    await expect(canvas.getAllByRole('radio')).toHaveLength(3);
    for (const label of ['Classic', 'Light', 'Ocean']) {
      await expect(
        canvas.getByRole('img', { name: ACCOUNT_STRINGS.themes.preview(label) }),
      ).toBeVisible();
    }
  },
};

export const Light: Story = {
  args: { value: 'light' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: /Light/ })).toBeChecked();
  },
};

export const Ocean: Story = {
  args: { value: 'blue' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: /Ocean/ })).toBeChecked();
  },
};

export const UnknownNameShowsDefault: Story = {
  args: { value: 'neon' as ChatThemeName },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: /Classic/ })).toBeChecked();
  },
};

function LivePicker({ onChange }: { onChange: (theme: ChatThemeName) => void }) {
  const [theme, setTheme] = useState<ChatThemeName>('default');
  const t = chatThemeFor(theme);
  return (
    <ChatThemeScope theme={theme} surface>
      <div style={{ padding: '1rem', display: 'grid', gap: '0.5rem' }}>
        <ThemePicker
          value={theme}
          onChange={(next) => {
            setTheme(next);
            onChange(next);
          }}
        />
        <p className={t.receivedBubbleClass} data-testid="received" style={{ margin: 0 }}>
          Hola
        </p>
        <p
          className={t.sentBubbleClass}
          data-testid="sent"
          style={{ margin: 0, justifySelf: 'end' }}
        >
          Hello
        </p>
      </div>
    </ChatThemeScope>
  );
}

/** Choosing a theme (mouse or arrow keys) applies at once: the bubbles take its colours. */
export const AppliesAtOnce: Story = {
  render: (args) => <LivePicker onChange={args.onChange} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: /Ocean/ }));
    await expect(args.onChange).toHaveBeenCalledWith('blue');
    await expect(getComputedStyle(canvas.getByTestId('sent')).backgroundColor).toBe(
      'rgb(186, 230, 253)',
    );
    await userEvent.keyboard('{ArrowLeft}');
    await expect(args.onChange).toHaveBeenLastCalledWith('light');
    await expect(getComputedStyle(canvas.getByTestId('sent')).backgroundColor).toBe(
      'rgb(29, 78, 216)',
    );
  },
};

/** A partner's override of the theme contract's variables reaches the bubbles. */
export const PartnerOverride: Story = {
  render: () => {
    const t = chatThemeFor('default');
    return (
      <ChatThemeScope theme="default">
        <div style={{ ['--parley-chat-sent-bubble-background' as string]: 'rgb(255, 0, 128)' }}>
          <p className={t.sentBubbleClass} data-testid="sent" style={{ margin: 0, color: '#000' }}>
            Hello
          </p>
        </div>
      </ChatThemeScope>
    );
  },
  play: async ({ canvasElement }) => {
    await expect(getComputedStyle(within(canvasElement).getByTestId('sent')).backgroundColor).toBe(
      'rgb(255, 0, 128)',
    );
  },
};

export const RightToLeft: Story = { decorators: [rtl] };
