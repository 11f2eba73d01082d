// Debian's Chromium as every test, bench and script here launches it: one list, so a flag this
// machine needs is added once (docs/contributing.md, "Browsers"). No browser is downloaded: the
// machines have no network beyond the package registries.

/** The Chromium binary: `CHROMIUM_PATH`, else Debian's package. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The flags Chromium needs on these machines: no sandbox (containers without user namespaces),
 * no GPU, and none of its own traffic (updates, sync, first-run pages), which would reach for a
 * network that is not there.
 */
export const CHROMIUM_FLAGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);
