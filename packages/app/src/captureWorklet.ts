/**
 * Where the app serves the sdk's call-captions capture worklet (vite.config.ts emits
 * CAPTURE_WORKLET_SOURCE there): the server's Content-Security-Policy allows scripts only from
 * 'self', so the sdk's default blob: URL would be refused and captions would fall back to the
 * deprecated ScriptProcessorNode.
 */
export const CAPTURE_WORKLET_URL = '/parley-capture.worklet.js';
