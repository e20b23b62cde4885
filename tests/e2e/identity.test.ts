/**
 * Identity verification in two browsers (docs/decisions/0003-identity-verification.md): a user sends three document photos, staff open
 * the details and reject with a reason, the user reads it and sends again, staff verify, the user
 * sees Verified (on the screen and in the drawer).
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../src/shared/constants.js';
import { MSG } from '../../src/shared/messages.js';
import { gif, jpeg, padTo, png } from '../helpers/images.js';
import { createAdmin, signUp } from '../helpers/users.js';
import { tempFiles } from './helpers/files.js';
import { webAppSuite } from './helpers/suite.js';
import { expectPath, signIn, storeSession } from './helpers/ui.js';

const suite = webAppSuite();
const files = tempFiles();
afterAll(async () => {
  files.remove();
});

const front = () => files.write('front.png', png(64, 40));
const back = () => files.write('back.jpg', jpeg(64, 40));
const selfie = () => files.write('selfie.gif', gif(40, 64));

async function attachDocuments(page: Page) {
  await page.getByLabel('ID card front', { exact: true }).setInputFiles(front());
  await page.getByLabel('ID card back', { exact: true }).setInputFiles(back());
  await page.getByLabel('Photo holding your ID', { exact: true }).setInputFiles(selfie());
  for (const label of ['ID card front', 'ID card back', 'Photo holding your ID']) {
    await page.getByRole('img', { name: `${label} preview` }).waitFor();
  }
}

/** Whether every image in the dialog has loaded (the signed links work for staff). */
const imagesLoaded = (page: Page) =>
  page
    .getByRole('dialog')
    .locator('img')
    .evaluateAll((images) =>
      images.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
    );

describe('identity verification', () => {
  it('goes from Fill in through a rejection with a reason to Verified', async () => {
    const user = await signUp(suite.app, { first_name: 'Ada', last_name: 'Lovelace' });
    const uniqueId = user.login.user.uniqueid;
    const trader = await suite.phone();
    const staff = await suite.phone();
    const { page } = trader;

    // Nothing submitted yet: the step offers 'Fill in'.
    await storeSession(page, user.login);
    await page.goto('/identity-verification');
    await page.getByText('Completing certification increases your withdrawal amount.').waitFor();
    await page.getByRole('link', { name: 'Fill in' }).click();
    await expectPath(page, '/identity-verification/basic-info');

    // The ID number starts as the user's unique id; everything is required.
    await expect(page.getByLabel('ID number').inputValue()).resolves.toBe(uniqueId);
    await page.getByRole('button', { name: 'confirm' }).click();
    await page.getByText(MSG.fullNameRequired).waitFor();
    await page.getByText(MSG.idCardFrontRequired).waitFor();
    await page.getByText(MSG.selfieRequired).waitFor();

    // Refused before any upload: a file that is not an image, and one over 5 MB.
    await page
      .getByLabel('ID card front', { exact: true })
      .setInputFiles(files.write('notes.txt', Buffer.from('hello')));
    await page.getByText(MSG.notAnImage).waitFor();
    await page
      .getByLabel('ID card front', { exact: true })
      .setInputFiles(files.write('huge.png', padTo(png(), MAX_IMAGE_BYTES + 1)));
    await page.getByText(MSG.fileTooLarge).waitFor();

    await page.getByLabel('Name').fill('Ada Lovelace');
    await attachDocuments(page);
    await page.getByRole('button', { name: 'Remove ID card back' }).click();
    await page.getByLabel('ID card back', { exact: true }).setInputFiles(back());
    await page.getByRole('button', { name: 'confirm' }).click();
    await page.getByText(MSG.verificationSubmitted).waitFor();
    await expectPath(page, '/identity-verification');
    await page.getByText('Under Review').first().waitFor();
    await page.getByText('Ada Lovelace').waitFor();
    await page.getByText(uniqueId).waitFor();
    expect(await page.getByRole('link', { name: /Fill in/ }).count()).toBe(0);

    // Staff open the details with the three photos, then reject with a reason.
    await signIn(staff.page, await createAdmin(suite.app));
    await staff.page.getByRole('tab', { name: 'Requests' }).click();
    const row = staff.page.getByRole('listitem').filter({ hasText: 'Ada Lovelace' });
    await row.getByText(uniqueId).waitFor();
    await row.getByRole('button', { name: 'Details' }).click();
    const details = staff.page.getByRole('dialog', { name: 'Verification Details' });
    await details.getByText(user.email).waitFor();
    for (const label of ['Full Name', 'Email', 'ID', 'Submission Date'])
      await details.getByText(label, { exact: true }).waitFor();
    for (const alt of ['ID card front', 'ID card back', 'Selfie'])
      await details.getByRole('img', { name: alt }).waitFor();
    await expect.poll(() => imagesLoaded(staff.page)).toEqual([true, true, true]);
    await details.getByRole('button', { name: 'Reject' }).click();
    const reject = staff.page.getByRole('dialog', { name: 'Reject verification' });
    await reject.getByLabel('Reason').fill('The photo of the ID back is blurred');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await staff.page.getByText(MSG.noUnverifiedUsers).waitFor();

    // The user reads the reason and sends new photos; name and ID number are kept.
    await page.reload();
    await page.getByText('The photo of the ID back is blurred').waitFor();
    await page.getByText('Rejected').waitFor();
    await page.getByRole('link', { name: 'Fill in' }).click();
    await expect(page.getByLabel('Name').inputValue()).resolves.toBe('Ada Lovelace');
    await attachDocuments(page);
    await page.getByRole('button', { name: 'confirm' }).click();
    await page.getByText(MSG.verificationSubmitted).waitFor();
    await expectPath(page, '/identity-verification');
    await page.getByText('Under Review').first().waitFor();

    // Staff verify from the list.
    await staff.page.reload();
    await row.getByRole('button', { name: 'Verify' }).click();
    await staff.page.getByText(MSG.noUnverifiedUsers).waitFor();

    await page.reload();
    await page.getByText('Verified').first().waitFor();
    expect(await page.getByText('The photo of the ID back is blurred').count()).toBe(0);
    await page.goto('/home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByText('Verified').waitFor();

    // Verified is final: the form says so instead of taking new photos.
    await page.goto('/identity-verification/basic-info');
    await page.getByText(MSG.alreadyVerified).waitFor();

    expect(trader.errors).toEqual([]);
    expect(staff.errors).toEqual([]);
    await trader.context.close();
    await staff.context.close();
  });
});
