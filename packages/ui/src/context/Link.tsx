import type { ReactNode } from 'react';
import { useLinkComponent } from './ParleyProvider';

export interface LinkProps {
  href: string;
  children: ReactNode;
  className?: string;
  /** 'page' on the link to the page being shown (navigation bars). */
  'aria-current'?: 'page';
}

/** Navigates with the app's router link when ParleyProvider has one, else a plain <a href>. */
export function Link({ href, children, className, 'aria-current': current }: LinkProps) {
  const Component = useLinkComponent();
  if (Component) {
    return (
      <Component href={href} className={className} aria-current={current}>
        {children}
      </Component>
    );
  }
  return (
    <a href={href} className={className} aria-current={current}>
      {children}
    </a>
  );
}
