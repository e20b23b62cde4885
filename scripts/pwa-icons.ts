/**
 * Draws the app's install icons (src/web/public/icons/*.png) from the logo mark with Debian's
 * chromium. Run after changing the logo: `npx tsx scripts/pwa-icons.ts`; the PNGs are committed.
 * 'any' icons are the rounded tile; 'maskable' ones fill the square and keep the mark inside the
 * central 80 % that every launcher mask leaves visible.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';

const OUT = path.resolve('src/web/public/icons');
const MARK = `<path d="M21.5 11.2A7 7 0 1 0 21.5 20.8" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round"/><circle cx="16" cy="16" r="2.2" fill="#fff"/>`;

const svgOf = (kind: 'any' | 'maskable') =>
  kind === 'any'
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1E6FFF"/>${MARK}</svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1E6FFF"/><g transform="translate(16 16) scale(0.8) translate(-16 -16)">${MARK}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, kind: 'any' },
  { file: 'icon-512.png', size: 512, kind: 'any' },
  { file: 'maskable-512.png', size: 512, kind: 'maskable' },
  // iOS draws its own rounded corners and ignores transparency: a full square.
  { file: 'apple-touch-icon.png', size: 180, kind: 'maskable' },
] as const;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
try {
  mkdirSync(OUT, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svgOf(icon.kind).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
    );
    await page.screenshot({ path: path.join(OUT, icon.file), omitBackground: true });
    await page.close();
    console.log(`wrote ${icon.file}`);
  }
} finally {
  await browser.close();
}
