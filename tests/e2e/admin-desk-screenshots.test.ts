/**
 * Screenshots of the staff console at a desk (1280x800) and on a phone (390x844), light and dark
 * (docs/decisions/0041-staff-console-at-a-desk.md), for a person to look at. Runs only when SCREENSHOTS names a folder:
 * SCREENSHOTS=.tmp npx vitest run --project e2e tests/e2e/admin-desk-screenshots.test.ts
 */
import { beforeAll, it } from 'vitest';
import { verifications } from '../../src/server/modules/identity/schema.js';
import { postForm } from '../helpers/multipart.js';
import { call, createAdmin, signUp, type TestUser } from '../helpers/users.js';
import { DESK } from './helpers/browser.js';
import { describeScreenshots, SCHEMES, screenOptions, shot } from './helpers/screenshots.js';
import { storeSession } from './helpers/ui.js';
import { tronAddress } from '../helpers/addresses.js';

describeScreenshots('staff console at a desk', (suite) => {
  let admin: TestUser;
  let chatKey = '';
  beforeAll(async () => {
    admin = await createAdmin(suite.app);
    const people = await Promise.all(
      [
        ['Grace', 'Hopper'],
        ['Alan', 'Turing'],
        ['Ada', 'Lovelace'],
      ].map(([first_name, last_name]) => signUp(suite.app, { first_name, last_name })),
    );
    for (const [i, person] of people.entries()) {
      await call(suite.app, 'POST', '/api-v1/recharge/', {
        token: person.token,
        body: { amount: String(100 * (i + 1)), payment_address: tronAddress(i + 1) },
      });
    }
    await suite.app.db.insert(verifications).values(
      people.slice(0, 2).map((person, i) => ({
        userId: person.id,
        fullName: i === 0 ? 'Grace Hopper' : 'Alan Turing',
        idCardNumber: '123456789',
        idCardFront: 'a.png',
        idCardBack: 'b.png',
        selfie: 'c.png',
      })),
    );
    for (const person of people.slice(0, 2)) {
      const sessionId = (await call(suite.app, 'POST', '/api-v2/chats/', { token: person.token })).body.session_id;
      await postForm(
        suite.app,
        '/api-v2/messages/',
        { session_id: sessionId, text: 'Hello, my deposit has not arrived yet. Could you check it please?' },
        { token: person.token },
      );
    }
    await call(suite.app, 'PUT', '/api-v3/admin/settings/', {
      token: admin.token,
      body: { usdo_price: { price: '1.02' } },
    });
  });

  for (const scheme of SCHEMES) {
    it(`desk, ${scheme}`, async () => {
      const { page, context } = await suite.phone({ ...screenOptions(scheme), viewport: DESK });
      await storeSession(page, admin.login);
      await page.goto('/admin/dashboard?tab=requests');
      await page.getByRole('table', { name: 'Pending Transactions' }).getByText('TXscreenshot0PaidFromHere').waitFor();
      await page.getByRole('table', { name: 'Unverified Users' }).getByText('Grace Hopper').waitFor();
      await shot(page, `admin-desk-requests-${scheme}`);

      await page.goto('/admin/dashboard');
      await page.getByRole('list', { name: 'Active chats' }).getByRole('link').first().click();
      await page.locator('[data-testid="chat-message"]').first().waitFor();
      chatKey = new URL(page.url()).searchParams.get('chat') ?? chatKey;
      await shot(page, `admin-desk-chats-${scheme}`);

      await page.goto('/admin/dashboard?view=users&sort=name&order=asc');
      await page.getByRole('table', { name: 'Users' }).getByText('Ada Lovelace').waitFor();
      await shot(page, `admin-desk-users-${scheme}`);

      await page.goto('/admin/dashboard?view=users&section=audit');
      await page.getByRole('table', { name: 'Audit log' }).getByText('settings.usdo_price').waitFor();
      await shot(page, `admin-desk-audit-${scheme}`);
      await context.close();
    });

    it(`phone, ${scheme}`, async () => {
      const { page, context } = await suite.phone(screenOptions(scheme));
      await storeSession(page, admin.login);
      await page.goto('/admin/dashboard?tab=requests');
      await page.getByRole('listitem').filter({ hasText: 'TXscreenshot0PaidFromHere' }).waitFor();
      await shot(page, `admin-phone-requests-${scheme}`);
      await page.goto('/admin/dashboard?view=users');
      await page.getByText('users', { exact: false }).first().waitFor();
      await shot(page, `admin-phone-users-${scheme}`);
      await context.close();
    });
  }
});
