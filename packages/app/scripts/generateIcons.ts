/**
 * Renders the app icons the web app manifest lists (and Apple's touch icon) from
 * public/favicon.svg with the local Chromium: no network, no image library. Run after changing the
 * favicon (`pnpm --filter @parley/app icons`); the PNGs are committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.resolve(here, '../public');
const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
/** The favicon's own background, for the maskable icon's full bleed. */
const background = /fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? '#4f46e5';

/** name, size in px, and the share of the square the artwork fills (maskable: the safe zone). */
const ICONS: [string, number, number][] = [
  ['icons/icon-192.png', 192, 1],
  ['icons/icon-512.png', 512, 1],
  ['icons/maskable-512.png', 512, 0.7],
  ['icons/apple-touch-icon.png', 180, 0.84],
];

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS],
});
try {
  const page = await browser.newPage();
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  for (const [name, size, share] of ICONS) {
    await page.setViewportSize({ width: size, height: size });
    const inner = Math.round(size * share);
    const fill = share < 1 ? background : 'transparent';
    await page.setContent(
      `<body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${fill}"><img src="${dataUrl}" width="${inner}" height="${inner}"></body>`,
    );
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
    writeFileSync(
      path.join(publicDir, name),
      await page.screenshot({ omitBackground: share === 1, type: 'png' }),
    );
    console.log(`${name} ${size}×${size}`);
  }
} finally {
  await browser.close();
}
