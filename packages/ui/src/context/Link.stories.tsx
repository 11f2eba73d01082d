import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { expect, within } from 'storybook/test';
import { rtl } from '../mocks/decorators';
import { Link } from './Link';
import { type LinkComponentProps, ParleyProvider, useParleyClient } from './ParleyProvider';

/** Stands in for a router's link: it receives `href` and renders whatever the router needs. */
function RouterLink({ href, className, children }: LinkComponentProps) {
  return (
    <a href={href} className={className} data-router-link="" onClick={(e) => e.preventDefault()}>
      {children}
    </a>
  );
}

function WithRouterLink({ children }: { children: ReactNode }) {
  const client = useParleyClient();
  return (
    <ParleyProvider client={client} linkComponent={RouterLink}>
      {children}
    </ParleyProvider>
  );
}

const meta = {
  title: 'Context/Link',
  component: Link,
  tags: ['autodocs'],
  args: { href: '/register', children: 'Sign up' },
} satisfies Meta<typeof Link>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/register',
    );
  },
};

export const Playground: Story = { args: { href: '/login', children: 'Login' } };

/** ParleyProvider's `linkComponent` replaces the plain anchor, so the app's router navigates. */
export const UsesTheProvidersLinkComponent: Story = {
  render: (args) => (
    <WithRouterLink>
      <Link {...args} />
    </WithRouterLink>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Sign up' });
    await expect(link).toHaveAttribute('data-router-link');
  },
};

export const LongText: Story = {
  args: { children: "Don't have an account yet? Sign up here to join the conversation worldwide" },
};

export const RightToLeft: Story = { decorators: [rtl], args: { children: 'تسجيل' } };
