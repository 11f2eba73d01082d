import { existsSync } from 'node:fs';
import { isOnPath } from '../../src/translation/translatorFromEnv.js';

/** Apertium and apertium-apy as Debian installs them (.ci/run installs them in CI). */
export const apertiumInstalled = isOnPath('apertium') && existsSync('/usr/bin/apertium-apy');

// CI installs the packages: a missing engine there is a broken setup, not a reason to skip.
if (!apertiumInstalled && process.env.CI === 'true') {
  throw new Error('CI=true but apertium / apertium-apy are not installed (see .ci/run)');
}
