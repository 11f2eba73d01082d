import { PostsScreen } from '@parley/ui';

export function PostsRoute() {
  return <PostsScreen />;
}
