import { CallLayer } from '@parley/ui';
import { CAPTURE_WORKLET_URL } from '../captureWorklet';

/** The call code as its own chunk: AuthenticatedLayout loads it on the first call. */
export default function CallLayerChunk() {
  return <CallLayer captureWorkletUrl={CAPTURE_WORKLET_URL} />;
}
