// The preview lives in packages/ui/storybook so that its imports (msw-storybook-addon, React, the
// sdk) resolve from the package that declares them; the root has no such dependencies.
import './preview.css';

export { default } from '../packages/ui/storybook/preview';
