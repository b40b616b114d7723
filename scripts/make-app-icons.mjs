// Draws the installed app's PNG icons (web app manifest, Apple touch icon, notification badge) from the
// favicon's design, with the project's Chromium: `node scripts/make-app-icons.mjs`. Run again after the
// logo changes; the PNGs are committed (apps/web/public/icons), so builds do not need a browser.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const out = new URL('../apps/web/public/icons/', import.meta.url).pathname;
const BLUE = '#1668dc';
const BOLT = 'M18 4 8 18h7l-2 10 11-15h-7z';

/** The logo on a 32-unit grid: `inset` shrinks the bolt into a maskable icon's safe zone. */
const logo = ({ rounded, inset = 0, bolt = '#ffd34d', background = BLUE }) => {
  const scale = 1 - inset * 2;
  const move = 16 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${
    background ? `<rect width="32" height="32" rx="${rounded ? 7 : 0}" fill="${background}"/>` : ''
  }<path transform="translate(${move} ${move}) scale(${scale})" d="${BOLT}" fill="${bolt}"/></svg>`;
};

const ICONS = [
  // purpose "any": the favicon's rounded tile.
  { file: 'icon-192.png', size: 192, svg: logo({ rounded: true }) },
  { file: 'icon-512.png', size: 512, svg: logo({ rounded: true }) },
  // purpose "maskable": full bleed, the bolt inside the central 80 % that every mask keeps.
  { file: 'icon-maskable-512.png', size: 512, svg: logo({ rounded: false, inset: 0.12 }) },
  // iOS home screen: no transparency, iOS rounds the corners itself.
  { file: 'apple-touch-icon.png', size: 180, svg: logo({ rounded: false, inset: 0.08 }) },
  // Android status-bar badge: only the alpha channel counts, so a white bolt on nothing.
  { file: 'badge-96.png', size: 96, svg: logo({ rounded: false, bolt: '#ffffff', background: null }) },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();
for (const { file, size, svg } of ICONS) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  await page.screenshot({ path: join(out, file), omitBackground: true });
  console.log(`${file} ${size}×${size}`);
}
await browser.close();
