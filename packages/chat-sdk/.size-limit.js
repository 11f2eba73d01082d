// Size budgets per entry (brotlied). CI fails when one is exceeded: raise a limit only on purpose.
const quiet = (config) => ({ ...config, logLevel: 'error' });

export default [
  { name: 'whole sdk (ESM)', path: 'dist/index.js', limit: '20 kB' },
  { name: 'client only', path: 'dist/index.js', import: '{ createParleyClient }', limit: '18 kB' },
  { name: 'CommonJS build', path: 'dist/index.cjs', limit: '22 kB' },
].map((check) => ({ ...check, modifyEsbuildConfig: quiet }));
