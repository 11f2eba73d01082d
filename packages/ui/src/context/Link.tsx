import type { ReactNode } from 'react';
import { useLinkComponent } from './ParleyProvider';

export interface LinkProps {
  href: string;
  children: ReactNode;
  className?: string;
}

/** Navigates with the app's router link when ParleyProvider has one, else a plain <a href>. */
export function Link({ href, children, className }: LinkProps) {
  const Component = useLinkComponent();
  if (Component) {
    return (
      <Component href={href} className={className}>
        {children}
      </Component>
    );
  }
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
