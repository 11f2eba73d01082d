import { CallLayer } from '@parley/ui';

/** The call code as its own chunk: AuthenticatedLayout loads it on the first call. */
export default CallLayer;
