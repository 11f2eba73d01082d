/**
 * The one tsup configuration the published packages (`@parley/chat-sdk`, `@parley/ui`) share: the
 * same target, source maps, tsconfig and declaration settings, so both ship the same kind of build.
 * Each package's tsup.config.ts spreads these and adds only its entries and formats.
 *
 * Plain values, no import of tsup: this file sits at the repo root, where tsup is not installed.
 */
export const sharedTsupOptions = {
  target: 'es2022',
  sourcemap: true,
  treeshake: true,
  tsconfig: 'tsconfig.json',
};

/**
 * tsup's dts step sets `baseUrl`, which TypeScript 6 deprecates: silence that one warning.
 * `entry` narrows the declarations to the public entry when a build has many JS entries.
 */
export function sharedDts(entry?: string | Record<string, string>) {
  return {
    ...(entry ? { entry } : {}),
    compilerOptions: { ignoreDeprecations: '6.0' },
  };
}
