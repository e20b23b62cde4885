/**
 * WCAG 2.2 target size (docs/decisions/0042-accessibility-checks.md): the shared components' controls - the password
 * field's eye, the page header's back arrow, a sheet's close button - are at least 24 x 24 CSS px, by
 * axe's `target-size` (tag wcag22aa) and by their own boxes. The whole tour leaves the rule out
 * (docs/decisions/0042-accessibility-checks.md: the order book's 22 px rows are a design choice).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from '../helpers/users.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const suite = webAppSuite();

async function targetSizeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: Array<{ nodes: Array<{ target: string[]; failureSummary?: string }> }> };
    const axe = (window as unknown as { axe: { run: (d: Document, o: object) => Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ['target-size'] } });
    return result.violations.flatMap((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`));
  });
}

/** Whether the control's box is at least the app's 44 px touch size both ways (WCAG 2.2 asks 24). */
async function touchSized(control: Locator) {
  const box = await control.boundingBox();
  return { wide: (box?.width ?? 0) >= 44, tall: (box?.height ?? 0) >= 44 };
}

describe('target size of the shared components', () => {
  it('the password eye, the back arrow and the close button are at least 44 px each way; axe finds no small target', async () => {
    const { page, errors } = await suite.phone();
    await page.goto('/login');
    const eye = page.getByRole('button', { name: 'Show password' });
    await eye.waitFor();
    expect(await touchSized(eye)).toEqual({ wide: true, tall: true });
    expect(await targetSizeFindings(page)).toEqual([]);

    await page.goto('/legal-currency');
    const back = page.getByRole('button', { name: 'Back' });
    await back.waitFor();
    expect(await touchSized(back)).toEqual({ wide: true, tall: true });
    expect(await targetSizeFindings(page)).toEqual([]);
    // Signed in, the page's button opens its confirm sheet (a visitor is sent to sign in first).
    await storeSession(page, (await signUp(suite.app)).login);
    await page.goto('/legal-currency');
    await page.getByRole('button', { name: 'Buy USDT' }).click();
    const close = page.getByRole('dialog').getByRole('button', { name: 'Close' });
    await close.waitFor();
    expect(await touchSized(close)).toEqual({ wide: true, tall: true });
    expect(await targetSizeFindings(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
