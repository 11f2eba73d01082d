import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { checkCatalogs } from '../../chat-sdk/scripts/catalogs';

it('every locale of the ui catalog is complete, compiles, uses only English placeholders and is compiled', async () => {
  expect(await checkCatalogs(fileURLToPath(new URL('..', import.meta.url)))).toEqual([]);
});
