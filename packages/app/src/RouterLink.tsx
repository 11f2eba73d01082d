import type { LinkComponentProps } from '@parley/ui';
import { Link } from '@tanstack/react-router';

/** Lets @parley/ui's links navigate through the router instead of reloading the page. */
export function RouterLink({ href, children, ...rest }: LinkComponentProps) {
  return (
    // The ui passes plain paths; the router resolves them at run time.
    <Link to={href as '/'} {...rest}>
      {children}
    </Link>
  );
}
