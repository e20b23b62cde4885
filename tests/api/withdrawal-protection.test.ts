/**
 * Withdrawal protection and the anti-phishing code (docs/security.md "## Withdrawal protection and
 * anti-phishing"): the address book and its ownership, the whitelist switch and what it lets through,
 * the anti-phishing code in every mail, and the mails of every withdrawal request and decision.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_RESEND_MS } from '../../src/shared/constants.js';
import { PROTECTION_MSG } from '../../src/shared/api/protection.js';
import { recordFailure } from '../../src/server/modules/security/index.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { enableTotp, nextTotp } from '../helpers/totp.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { balanceOf, grant, setTransactionPassword, staff } from '../helpers/money.js';
import { call, createUser, type TestUser } from '../helpers/users.js';
import { ADDRESSES } from '../helpers/addresses.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ market: createFakeMarket({ BTC: '60000', ETH: '3000', USDO: '1' }) });
});
afterAll(() => t.close());

const TX_PASSWORD = '135791';
// Valid addresses (docs/decisions/0029-withdrawal-networks.md checks them): an ERC20 one serves USDT and ETH alike.
const SAVED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const ELSEWHERE = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

async function trader(): Promise<TestUser> {
  const user = await createUser(t);
  t.clock.advance(OTP_RESEND_MS);
  await setTransactionPassword(t, user, TX_PASSWORD);
  await grant(t, user, 'funding', 'USDT', '1000');
  await grant(t, user, 'funding', 'ETH', '10');
  return user;
}

/** A fresh emailed security code (POST /api-v1/transcation-password-otp/). */
async function securityCode(user: TestUser): Promise<string> {
  t.clock.advance(OTP_RESEND_MS);
  const res = await call(t, 'POST', '/api-v1/transcation-password-otp/', { token: user.token, body: {} });
  expect(res.status).toBe(200);
  return t.mailbox.lastCode(user.email);
}

const addAddress = async (user: TestUser, fields: Record<string, unknown> = {}) =>
  call(t, 'POST', '/api-v1/withdrawal-addresses/', {
    token: user.token,
    body: { address: SAVED, currency: 'USDT', label: 'My cold wallet', ...fields },
  });

const withdraw = (user: TestUser, fields: Record<string, unknown> = {}) =>
  call(t, 'POST', '/api-v1/withdraw/', {
    token: user.token,
    body: { address: SAVED, amount: '60', currency: 'USDT', transaction_password: TX_PASSWORD, ...fields },
  });

/** Staff approve or cancel a deposit or withdrawal (the review queue's call). */
const decide = (admin: TestUser, transactionId: number, action: 'approve' | 'cancel', reason?: string) =>
  call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${transactionId}`, {
    token: admin.token,
    body: { action, ...(reason === undefined ? {} : { reason }) },
  });

const setWhitelist = (user: TestUser, body: Record<string, unknown>) =>
  call(t, 'PUT', '/api-v1/withdrawal-whitelist/', { token: user.token, body });

const status = (user: TestUser) => call(t, 'GET', '/api-v1/security/status/', { token: user.token });

describe('address book', () => {
  let user: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    user = await trader();
    other = await trader();
  });

  it('adds an address with the emailed security code, and lists it for its owner only', async () => {
    const res = await addAddress(user, { code: await securityCode(user), currency: 'usdt' });
    expect(res).toMatchObject({
      status: 201,
      body: { address: SAVED, currency: 'USDT', label: 'My cold wallet', id: expect.any(Number) },
    });
    const list = await call(t, 'GET', '/api-v1/withdrawal-addresses/', { token: user.token });
    expect(list).toMatchObject({ status: 200, body: [{ id: res.body.id, address: SAVED, currency: 'USDT' }] });
    const theirs = await call(t, 'GET', '/api-v1/withdrawal-addresses/', { token: other.token });
    expect(theirs).toMatchObject({ status: 200, body: [] });
  });

  it('refuses without a code, with a wrong code, and a code used once already', async () => {
    expect(await addAddress(user, { address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' })).toMatchObject({
      status: 400,
      body: { error: PROTECTION_MSG.enterCode },
    });
    const code = await securityCode(user);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(
      await addAddress(user, { address: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', code: wrong }),
    ).toMatchObject({
      status: 400,
      body: { error: 'Invalid or expired OTP' },
    });
    expect((await addAddress(user, { address: '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb', code })).status).toBe(201);
    expect((await addAddress(user, { address: '0x52908400098527886E0F7030069857D2E4169EE7', code })).status).toBe(400);
    const list = await call<{ address: string }[]>(t, 'GET', '/api-v1/withdrawal-addresses/', { token: user.token });
    expect(list.body.map((a) => a.address)).toEqual([SAVED, '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']);
  });

  it('refuses the same address twice for one currency (409), takes it for another currency', async () => {
    expect(await addAddress(user, { code: await securityCode(user) })).toMatchObject({
      status: 409,
      body: { error: PROTECTION_MSG.addressExists },
    });
    expect((await addAddress(user, { currency: 'ETH', code: await securityCode(user) })).status).toBe(201);
  });

  it.each([
    ['blank address', { address: '  ' }],
    ['address with a space', { address: 'T abc' }],
    ['missing label', { label: '' }],
    ['long label', { label: 'x'.repeat(41) }],
    ['bad currency', { currency: 'us dt' }],
  ])('validates the body (%s)', async (_label, fields) => {
    expect((await addAddress(user, { code: '123456', ...fields })).status).toBe(400);
  });

  it("deletes one's own address; another user's is 404 and stays", async () => {
    const created = await addAddress(user, {
      address: '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
      code: await securityCode(user),
    });
    const id: number = created.body.id;
    expect(await call(t, 'DELETE', `/api-v1/withdrawal-addresses/${id}/`, { token: other.token })).toMatchObject({
      status: 404,
      body: { error: PROTECTION_MSG.addressNotFound },
    });
    const list = await call<{ id: number }[]>(t, 'GET', '/api-v1/withdrawal-addresses/', { token: user.token });
    expect(list.body.map((a) => a.id)).toContain(id);
    expect(await call(t, 'DELETE', `/api-v1/withdrawal-addresses/${id}/`, { token: user.token })).toMatchObject({
      status: 200,
      body: { message: PROTECTION_MSG.addressDeleted },
    });
    expect((await call(t, 'DELETE', `/api-v1/withdrawal-addresses/${id}/`, { token: user.token })).status).toBe(404);
  });
});

describe('whitelist mode', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await trader();
    expect((await addAddress(user, { code: await securityCode(user) })).status).toBe(201);
  });

  it('is off at first: any address is accepted', async () => {
    expect((await status(user)).body).toMatchObject({ whitelist_enabled: false });
    expect((await withdraw(user, { address: ELSEWHERE })).status).toBe(201);
  });

  it('on: only saved addresses of the same currency are accepted', async () => {
    expect(await setWhitelist(user, { enabled: true })).toMatchObject({
      status: 200,
      body: { whitelist_enabled: true },
    });
    expect((await status(user)).body).toMatchObject({ whitelist_enabled: true });
    const before = await balanceOf(t, user, 'funding', 'USDT');
    expect(await withdraw(user, { address: ELSEWHERE })).toMatchObject({
      status: 400,
      body: { error: PROTECTION_MSG.notWhitelisted },
    });
    // Saved for USDT, not for ETH.
    expect((await withdraw(user, { currency: 'ETH', amount: '1' })).status).toBe(400);
    expect(await balanceOf(t, user, 'funding', 'USDT')).toBe(before);
    expect((await withdraw(user)).status).toBe(201);
  });

  it('turning it off needs the code: missing and wrong codes leave it on', async () => {
    expect((await setWhitelist(user, { enabled: false })).status).toBe(400);
    const code = await securityCode(user);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await setWhitelist(user, { enabled: false, code: wrong })).status).toBe(400);
    expect((await status(user)).body).toMatchObject({ whitelist_enabled: true });
    expect((await withdraw(user, { address: ELSEWHERE })).status).toBe(400);
    expect(await setWhitelist(user, { enabled: false, code })).toMatchObject({
      status: 200,
      body: { whitelist_enabled: false, message: PROTECTION_MSG.whitelistOff },
    });
    expect((await withdraw(user, { address: ELSEWHERE })).status).toBe(201);
  });

  it("another user's whitelist does not change mine", async () => {
    const other = await trader();
    expect((await setWhitelist(other, { enabled: true })).status).toBe(200);
    expect((await withdraw(user, { address: ELSEWHERE })).status).toBe(201);
    expect((await withdraw(other, { address: ELSEWHERE })).status).toBe(400);
  });
});

describe('anti-phishing code', () => {
  it.each([['abc'], ['a'.repeat(21)], ['with space'], ['dash-ed'], ['émoji']])('refuses %j', async (code) => {
    const user = await createUser(t);
    expect(await call(t, 'PUT', '/api-v1/anti-phishing-code/', { token: user.token, body: { code } })).toMatchObject({
      status: 400,
      body: { error: PROTECTION_MSG.antiPhishingFormat },
    });
  });

  it('is shown masked and heads every mail sent to its owner from then on, and only to them', async () => {
    const user = await trader();
    const other = await trader();
    const before = t.mailbox.messages.length;
    await securityCode(user);
    expect(t.mailbox.messages.at(-1)!.text).not.toContain('anti-phishing');

    const set = await call(t, 'PUT', '/api-v1/anti-phishing-code/', { token: user.token, body: { code: 'Tulip42' } });
    expect(set).toMatchObject({ status: 200, body: { anti_phishing_code: 'T*****2' } });
    expect((await status(user)).body).toMatchObject({ anti_phishing_code: 'T*****2' });
    expect(JSON.stringify((await status(user)).body)).not.toContain('Tulip42');

    // A code mail, a withdrawal mail, a lock alert: each starts with the code.
    await securityCode(user);
    expect((await withdraw(user, { address: ELSEWHERE })).status).toBe(201);
    for (let i = 0; i < 5; i++) await recordFailure(t.ctx, user.id, 'transaction-password');
    const mine = t.mailbox.messages.slice(before).filter((m) => m.to === user.email);
    const after = mine.slice(1); // the first was sent before the code was set
    expect(after.map((m) => m.subject)).toEqual([
      expect.stringMatching(/is your Coinfront security code$/),
      'Coinfront withdrawal requested: 60 USDT',
      'Coinfront withdrawals locked',
    ]);
    for (const mail of after) expect(mail.text.split('\n')[0]).toBe('Your Coinfront anti-phishing code: Tulip42');
    expect(after[0]!.text).toMatch(/\n\nYour code is \d{6}\./);

    await securityCode(other);
    expect(t.mailbox.messages.at(-1)!.text).not.toContain('Tulip42');

    // Changing it: the new code from then on.
    expect(
      (await call(t, 'PUT', '/api-v1/anti-phishing-code/', { token: user.token, body: { code: 'Orchid7' } })).status,
    ).toBe(200);
    await securityCode(user);
    expect(t.mailbox.messages.at(-1)!.text.split('\n')[0]).toBe('Your Coinfront anti-phishing code: Orchid7');
  });
});

describe('withdrawal mails', () => {
  it('mails the request and its approval or rejection with amount, currency, address and status', async () => {
    const user = await trader();
    const admin = await staff(t);
    const mailsOf = () => t.mailbox.messages.filter((m) => m.to === user.email);
    const first = await withdraw(user, { address: ELSEWHERE, amount: '100' });
    expect(first.status).toBe(201);
    const requested = mailsOf().at(-1)!;
    expect(requested.subject).toBe('Coinfront withdrawal requested: 100 USDT');
    expect(requested.text).toContain('Amount: 100 USDT');
    expect(requested.text).toContain(`Address: ${ELSEWHERE}`);
    expect(requested.text).toContain('Status: pending review');
    expect(requested.text).toContain(`Reference: ${first.body.transaction.transaction_id}`);

    const approve = await decide(admin, first.body.transaction.transaction_id, 'approve');
    expect(approve.status).toBe(200);
    const approved = mailsOf().at(-1)!;
    expect(approved.subject).toBe('Coinfront withdrawal approved: 100 USDT');
    expect(approved.text).toContain('Status: approved and sent');
    expect(approved.text).toContain(`Address: ${ELSEWHERE}`);

    const second = await withdraw(user, { address: ELSEWHERE, amount: '70' });
    const reject = await decide(admin, second.body.transaction.transaction_id, 'cancel');
    expect(reject.status).toBe(200);
    const rejected = mailsOf().at(-1)!;
    expect(rejected.subject).toBe('Coinfront withdrawal rejected: 70 USDT');
    expect(rejected.text).toContain('Status: rejected; the amount is back in your funding wallet');
  });

  it('mails them in the language the user chose (users.language), the address and amounts as they are', async () => {
    const user = await trader();
    const admin = await staff(t);
    expect(
      (await call(t, 'POST', '/api-v1/user/language/', { token: user.token, body: { language: 'de' } })).status,
    ).toBe(200);
    const code = { code: 'Linde42' };
    expect((await call(t, 'PUT', '/api-v1/anti-phishing-code/', { token: user.token, body: code })).status).toBe(200);
    const mailsOf = () => t.mailbox.messages.filter((m) => m.to === user.email);
    const first = await withdraw(user, { address: ELSEWHERE, amount: '100' });
    expect(first.status).toBe(201);
    const requested = mailsOf().at(-1)!;
    expect(requested.subject).toBe('Coinfront-Auszahlung beantragt: 100 USDT');
    // The anti-phishing line too, in the language of the mail it opens.
    expect(requested.text.split('\n')[0]).toBe('Ihr Coinfront-Anti-Phishing-Code: Linde42');
    expect(requested.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Für Ihr Coinfront-Konto wurde eine Auszahlung beantragt.',
        'Betrag: 100 USDT',
        `Adresse: ${ELSEWHERE}`,
        'Status: in Prüfung',
        `Referenz: ${first.body.transaction.transaction_id}`,
      ]),
    );
    expect(requested.text).toContain('Sicherheitscenter');
    expect(requested.text).not.toMatch(/withdrawal|Amount|Address|pending review|anti-phishing code/);

    const second = await withdraw(user, { address: ELSEWHERE, amount: '70' });
    const reject = await decide(admin, second.body.transaction.transaction_id, 'cancel');
    expect(reject.status).toBe(200);
    const rejected = mailsOf().at(-1)!;
    expect(rejected.subject).toBe('Coinfront-Auszahlung abgelehnt: 70 USDT');
    expect(rejected.text).toContain('Status: abgelehnt; der Betrag ist wieder auf Ihrem Finanzierungskonto');
    // A rejection asks nothing of the user: no "if this wasn't you".
    expect(rejected.text).not.toContain('Sicherheitscenter');
  });

  it("carries staff's reason for a Reject in the mail and the notification, in the user's language", async () => {
    const admin = await staff(t);
    const reason = 'The address belongs to a sanctioned exchange';
    for (const [language, line, body] of [
      [
        'en',
        `Reason: ${reason}`,
        `Your withdrawal of 70 USDT was rejected: ${reason}. The amount is back in your funding wallet.`,
      ],
      [
        'de',
        `Grund: ${reason}`,
        `Ihre Auszahlung von 70 USDT wurde abgelehnt: ${reason}. Der Betrag ist wieder in Ihrem Funding-Wallet.`,
      ],
    ] as const) {
      const user = await trader();
      await call(t, 'POST', '/api-v1/user/language/', { token: user.token, body: { language } });
      const asked = await withdraw(user, { address: ELSEWHERE, amount: '70' });
      expect((await decide(admin, asked.body.transaction.transaction_id, 'cancel', reason)).status).toBe(200);
      const mail = t.mailbox.messages.filter((m) => m.to === user.email).at(-1)!;
      expect(mail.text.split('\n')).toContain(line);
      const notes = await call(t, 'GET', '/api-v1/notifications/', {
        token: user.token,
        headers: { 'accept-language': language },
      });
      expect(notes.body.results[0]).toMatchObject({ kind: 'withdrawal_rejected', params: { reason } });
      if (language === 'en') expect(notes.body.results[0].body).toBe(body);
    }
    // Without a reason (SPEC's body {action}) the mail has no reason line.
    const user = await trader();
    const asked = await withdraw(user, { address: ELSEWHERE, amount: '70' });
    expect((await decide(admin, asked.body.transaction.transaction_id, 'cancel')).status).toBe(200);
    expect(t.mailbox.messages.filter((m) => m.to === user.email).at(-1)!.text).not.toMatch(/Reason/);
  });

  it('a replayed request (same Idempotency-Key) is not mailed twice; a refused one is not mailed', async () => {
    const user = await trader();
    const count = () => t.mailbox.messages.filter((m) => m.to === user.email).length;
    const start = count();
    const headers = { 'idempotency-key': `mail-once-${user.id}` };
    const body = { address: ELSEWHERE, amount: '60', currency: 'USDT', transaction_password: TX_PASSWORD };
    expect((await call(t, 'POST', '/api-v1/withdraw/', { token: user.token, body, headers })).status).toBe(201);
    expect((await call(t, 'POST', '/api-v1/withdraw/', { token: user.token, body, headers })).status).toBe(201);
    expect(count()).toBe(start + 1);
    expect((await withdraw(user, { amount: '1' })).status).toBe(400);
    expect(count()).toBe(start + 1);
  });

  it('deposit decisions send no withdrawal mail', async () => {
    const user = await createUser(t);
    const admin = await staff(t);
    const deposit = await call(t, 'POST', '/api-v1/recharge/', {
      token: user.token,
      body: { amount: '60', payment_address: ADDRESSES.TRC20 },
    });
    const before = t.mailbox.messages.filter((m) => m.to === user.email).length;
    await decide(admin, deposit.body.transaction.transaction_id, 'approve');
    // Only the deposit's own notification mail (docs/decisions/0043-languages.md), no withdrawal mail.
    expect(
      t.mailbox.messages
        .filter((m) => m.to === user.email)
        .slice(before)
        .map((m) => m.subject),
    ).toEqual(['Coinfront: Deposit approved']);
  });
});

describe('security status', () => {
  it('answers whitelist, masked code and the locks in force', async () => {
    const user = await createUser(t);
    expect((await status(user)).body).toEqual({ whitelist_enabled: false, anti_phishing_code: null, locks: [] });
  });
});

describe('with 2FA on (docs/decisions/0024-withdrawal-protection.md: the second factor guards these changes too)', () => {
  it('adding an address, turning the whitelist off and changing the anti-phishing code need the TOTP code, not the mailed one', async () => {
    const user = await trader();
    const { secret } = await enableTotp(t, user);

    // The emailed security code no longer confirms a change: the authenticator's code does.
    expect((await addAddress(user)).status).toBe(400);
    expect((await addAddress(user, { code: await securityCode(user) })).status).toBe(400);
    const added = await addAddress(user, { code: nextTotp(t, secret) });
    expect(added.status, JSON.stringify(added.body)).toBe(201);

    expect((await setWhitelist(user, { enabled: true })).status).toBe(200);
    const offWithoutCode = await setWhitelist(user, { enabled: false });
    expect(offWithoutCode.status).toBe(400);
    expect((await setWhitelist(user, { enabled: false, code: await securityCode(user) })).status).toBe(400);
    expect((await status(user)).body.whitelist_enabled).toBe(true);
    expect((await setWhitelist(user, { enabled: false, code: nextTotp(t, secret) })).status).toBe(200);
    expect((await status(user)).body.whitelist_enabled).toBe(false);

    const phishing = (body: Record<string, unknown>) =>
      call(t, 'PUT', '/api-v1/anti-phishing-code/', { token: user.token, body });
    expect((await phishing({ code: 'Tulip42' })).status).toBe(400);
    expect((await status(user)).body.anti_phishing_code).toBeNull();
    expect((await phishing({ code: 'Tulip42', two_factor_code: nextTotp(t, secret) })).status).toBe(200);
    expect((await status(user)).body.anti_phishing_code).not.toBeNull();
  });
});
