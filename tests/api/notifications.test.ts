/**
 * In-app notifications (docs/decisions/0034-notifications.md, docs/architecture.md "## Notifications",
 * docs/decisions/0034-notifications.md): each event of a user's money and identity records one
 * notification for that user and nobody else, in the event's transaction (a rolled-back event
 * leaves none) and mails it once after the commit; GET /api-v1/notifications/ pages them, POST
 * /api-v1/notifications/read/ marks the caller's own read; notifications@user.<id> pushes the first
 * page on every change, from any instance.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../src/server/db/schema.js';
import { NOTIFICATION_KINDS, notify } from '../../src/server/modules/notifications/index.js';
import { retryNotificationMails } from '../../src/server/modules/notifications/mail.js';
import { runTradeJobsOnce } from '../../src/server/modules/trades/jobs.js';
import { NOTIFICATIONS_MSG, type NotificationsPage } from '../../src/shared/api/notifications.js';
import { USER_STREAMS } from '../../src/shared/api/streams.js';
import { anotherInstance, createTestApp, type TestApp } from '../helpers/app.js';
import { expectLedgerBalanced, fundWallet, setTransactionPassword, staff } from '../helpers/money.js';
import { finishAllTrades, leverTrader, openedTradeId } from '../helpers/trades.js';
import { jpeg, png, webp } from '../helpers/images.js';
import { postForm } from '../helpers/multipart.js';
import { call, createUser, type TestUser } from '../helpers/users.js';
import { users } from '../../src/server/db/schema.js';
import { createWalkedMarket, type WalkedFake } from '../helpers/walked-market.js';
import { connectWs, type WsClient } from '../helpers/ws.js';
import { ADDRESSES } from '../helpers/addresses.js';

let t: TestApp;
let walked: WalkedFake;
let admin: TestUser;
beforeAll(async () => {
  walked = createWalkedMarket({ BTC: '60000', ETH: '3000', USDO: '1' });
  t = await createTestApp({ market: walked.market, tradingRates: 'default' });
  admin = await staff(t);
});
afterAll(() => t.close());

const list = (user: TestUser, query = '') =>
  call<NotificationsPage>(t, 'GET', `/api-v1/notifications/${query}`, { token: user.token });
const markRead = (user: TestUser, body: unknown) =>
  call(t, 'POST', '/api-v1/notifications/read/', { token: user.token, body });
/** The user's notifications as rows, oldest first (what the API must and must not show). */
const rowsOf = (userId: number) =>
  t.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
/** The mails of events (sign-up and other codes are mailed too). */
const mailsTo = (user: TestUser) =>
  t.mailbox.messages.filter((m) => m.to === user.email && /^Coinfront[: ]/.test(m.subject));

const deposit = async (user: TestUser, amount: string) => {
  const res = await call(t, 'POST', '/api-v1/recharge/', {
    token: user.token,
    body: { amount, payment_address: ADDRESSES.TRC20 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.transaction.transaction_id as number;
};
const decide = (transactionId: number, action: 'approve' | 'cancel') =>
  call(t, 'POST', `/api-v3/admin/transactions-verification/?transaction_id=${transactionId}`, {
    token: admin.token,
    body: { action },
  });

/** A bystander whose notifications must stay empty through every test. */
let bystander: TestUser;
beforeAll(async () => {
  bystander = await createUser(t);
});
afterEach(async () => {
  expect(await rowsOf(bystander.id)).toEqual([]);
  expect(mailsTo(bystander)).toEqual([]);
  // Every kind written is one the bell and the docs know.
  const kinds = await t.db.selectDistinct({ kind: notifications.kind }).from(notifications);
  for (const { kind } of kinds) expect(NOTIFICATION_KINDS).toContain(kind);
});

describe('each event records one notification for its user, and mails it once', () => {
  it('deposit approved and deposit rejected', async () => {
    const user = await createUser(t);
    const approved = await deposit(user, '120.5');
    const rejected = await deposit(user, '75');
    expect(await rowsOf(user.id)).toEqual([]); // a request is no event yet

    expect((await decide(approved, 'approve')).status).toBe(200);
    expect((await decide(rejected, 'cancel')).status).toBe(200);

    const page = (await list(user)).body;
    expect(page).toMatchObject({ unread: 2, count: 2, next: null });
    expect(page.results).toEqual([
      {
        id: expect.any(Number),
        kind: 'deposit_rejected',
        title: 'Deposit rejected',
        body: expect.stringContaining('75 USDT'),
        // What the web renders in any language from (docs/decisions/0044).
        params: { amount: '75', currency: 'USDT', transaction_id: expect.any(String) },
        created_at: expect.any(String),
        read: false,
        // The page it opens (docs/decisions/0062-money-screens.md, 0068): a rejected deposit's record, under revoked.
        target: `/entrustment-history?tab=revoked&record=${rejected}`,
      },
      expect.objectContaining({
        kind: 'deposit_approved',
        title: 'Deposit approved',
        read: false,
        target: `/entrustment-history?record=${approved}`,
      }),
    ]);
    expect(page.results[1]!.body).toContain('120.5 USDT');
    // Mailed after the commit, before the staff request answered: one mail per event.
    expect(mailsTo(user).map((m) => m.subject)).toEqual(['Coinfront: Deposit approved', 'Coinfront: Deposit rejected']);
    expect(mailsTo(user)[0]!.text).toContain('Your deposit of 120.5 USDT has been credited');
    expect(await rowsOf(admin.id)).toEqual([]);
  });

  it('withdrawal approved and rejected: notified, and mailed once (by the withdrawal mail only)', async () => {
    const user = await createUser(t);
    await setTransactionPassword(t, user, '135791');
    await fundWallet(t, user, '1000');
    const withdraw = async () => {
      const res = await call(t, 'POST', '/api-v1/withdraw/', {
        token: user.token,
        body: {
          address: '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063',
          amount: '100',
          transaction_password: '135791',
          all_amount: false,
          currency: 'USDT',
          arrival_amount: '99',
          handling_fee: '1',
          usdt_value: '100',
        },
      });
      expect(res.status).toBe(201);
      return res.body.transaction.transaction_id as number;
    };
    const sent = await withdraw();
    const refused = await withdraw();
    const mailsBefore = mailsTo(user).length;
    expect((await decide(sent, 'approve')).status).toBe(200);
    expect((await decide(refused, 'cancel')).status).toBe(200);

    const kinds = (await rowsOf(user.id)).map((r) => [r.kind, r.body]);
    expect(kinds).toEqual([
      ['deposit_approved', expect.stringContaining('1000 USDT')],
      ['withdrawal_approved', 'Your withdrawal of 100 USDT has been approved and sent.'],
      ['withdrawal_rejected', expect.stringContaining('100 USDT was rejected')],
    ]);
    expect(
      mailsTo(user)
        .slice(mailsBefore)
        .map((m) => m.subject),
    ).toEqual(['Coinfront withdrawal approved: 100 USDT', 'Coinfront withdrawal rejected: 100 USDT']);
  });

  describe('positions the risk pass closes', () => {
    afterEach(async () => {
      await expectLedgerBalanced(t);
      await finishAllTrades(t);
      walked.feed.set('BTC', '60000');
      await runTradeJobsOnce(t.ctx);
    });
    const priceGoesTo = (price: string) => {
      walked.feed.set('BTC', price);
      return runTradeJobsOnce(t.ctx);
    };

    it('take-profit, stop-loss and liquidation each notify their kind, with prices and P/L in USDT', async () => {
      const [tp, sl, liq, untouched] = await Promise.all([
        leverTrader(t),
        leverTrader(t),
        leverTrader(t),
        leverTrader(t),
      ]);
      const tpId = await openedTradeId(t, tp, { leverage: 10, take_profit: '61000' });
      const slId = await openedTradeId(t, sl, { leverage: 10, stop_loss: '59000' });
      const liqId = await openedTradeId(t, liq, { leverage: 100 }); // 0.1 BTC long, margin 60
      await openedTradeId(t, untouched, { leverage: 10 }); // liquidated only near 54000

      await priceGoesTo('61000');
      expect((await rowsOf(tp.id)).map((r) => [r.kind, r.title])).toEqual([
        ['trade_take_profit', 'Take-profit reached'],
      ]);
      expect((await rowsOf(tp.id))[0]!.body).toBe(
        `Your BTC long of 0.1 BTC (#${tpId}) was closed by its take-profit at 61000 USDT. P/L: 100 USDT.`,
      );
      await priceGoesTo('59000');
      await priceGoesTo('58000');
      expect((await rowsOf(sl.id)).map((r) => [r.kind, r.body])).toEqual([
        [
          'trade_stop_loss',
          `Your BTC long of 0.1 BTC (#${slId}) was closed by its stop-loss at 59000 USDT. P/L: -100 USDT.`,
        ],
      ]);
      const [liquidated] = await rowsOf(liq.id);
      expect(liquidated).toMatchObject({ kind: 'trade_liquidated', title: 'Position liquidated' });
      expect(liquidated!.body).toMatch(
        new RegExp(
          `^Your BTC long of 0\\.1 BTC \\(#${liqId}\\) was liquidated at \\d+(\\.\\d+)? USDT\\. Loss: -60 USDT\\.$`,
        ),
      );
      // Each opens its position's record in the Closed tab (docs/decisions/0068-screens-finish.md).
      for (const [user, id] of [
        [tp, tpId],
        [sl, slId],
        [liq, liqId],
      ] as const)
        expect((await list(user)).body.results[0]?.target).toBe(`/entrustment-history?tab=closed&record=${id}`);
      // A position the pass did not close, and a manual close, notify nothing.
      expect(await rowsOf(untouched.id)).toEqual([]);

      // Mailed after the pass's commits, without holding the pass up.
      for (const [user, subject] of [
        [tp, 'Coinfront: Take-profit reached'],
        [sl, 'Coinfront: Stop-loss reached'],
        [liq, 'Coinfront: Position liquidated'],
      ] as const)
        await vi.waitFor(() => expect(mailsTo(user).map((m) => m.subject)).toEqual([subject]));
      expect(mailsTo(untouched)).toEqual([]);
    });
  });

  it('verification approved and rejected (with the reason)', async () => {
    const images = {
      id_card_front: { data: jpeg(800, 500), filename: 'front.jpg', contentType: 'image/jpeg' },
      id_card_back: { data: png(800, 500), filename: 'back.png', contentType: 'image/png' },
      selfie: { data: webp(600, 800), filename: 'selfie.webp', contentType: 'image/webp' },
    };
    const submit = async (user: TestUser) =>
      expect(
        (
          await postForm(
            t,
            '/api-v1/documents-verification/',
            { full_name: 'Ada Trader', user_id: 'ID-1', ...images },
            {
              token: user.token,
            },
          )
        ).status,
      ).toBe(201);
    const [yes, no] = await Promise.all([createUser(t), createUser(t)]);
    await submit(yes);
    await submit(no);
    const verify = (user: TestUser, body: object) =>
      call(t, 'PATCH', `/api-v3/admin/verify-user/${user.id}/`, { token: admin.token, body });
    expect((await verify(yes, { status: 'verified' })).status).toBe(200);
    expect((await verify(no, { status: 'unverified', reason: 'The selfie is blurred' })).status).toBe(200);

    expect((await rowsOf(yes.id)).map((r) => [r.kind, r.title])).toEqual([['identity_approved', 'Identity verified']]);
    expect((await rowsOf(no.id)).map((r) => [r.kind, r.body])).toEqual([
      ['identity_rejected', 'Your identity verification was rejected: The selfie is blurred. You can submit it again.'],
    ]);
    expect(mailsTo(yes).map((m) => m.subject)).toEqual(['Coinfront: Identity verified']);
    expect(mailsTo(no).map((m) => m.subject)).toEqual(['Coinfront: Identity verification rejected']);
  });

  it("a staff reply in chat notifies the chat's user; the user's own messages notify nothing", async () => {
    const user = await createUser(t);
    const chat = await call(t, 'POST', '/api-v2/chats/', { token: user.token });
    const sessionId: string = chat.body.session_id;
    const send = (who: TestUser, text: string) =>
      postForm(t, '/api-v2/messages/', { session_id: sessionId, text }, { token: who.token });

    expect((await send(user, 'Where is my deposit?')).status).toBe(201);
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await send(admin, 'It is credited now.')).status).toBe(201);
    expect((await rowsOf(user.id)).map((r) => [r.kind, r.title, r.body])).toEqual([
      ['chat_reply', 'Support replied', 'It is credited now.'],
    ]);
    expect(await rowsOf(admin.id)).toEqual([]);
    expect(mailsTo(user).map((m) => m.subject)).toEqual(['Coinfront: Support replied']);
    // It opens that chat, not the FAQ page (docs/decisions/0068-screens-finish.md).
    expect((await list(user)).body.results[0]).toMatchObject({
      params: { text: 'It is credited now.', session_id: sessionId },
      target: `/chat/${sessionId}`,
    });
  });
});

describe('a rolled-back event leaves no notification', () => {
  it('a deposit approval that fails after recording its notification leaves none, and mails nothing', async () => {
    const user = await createUser(t);
    const id = await deposit(user, '90');
    // The approval's last write (its audit row) fails: the whole approval rolls back.
    await t.db.execute(
      sql.raw(`
      create function fail_audit_${id}() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$;
      create trigger fail_audit_${id} before insert on audit_log for each row
        when (new.target_id = '${id}') execute function fail_audit_${id}();`),
    );
    try {
      expect((await decide(id, 'approve')).status).toBe(500);
    } finally {
      await t.db.execute(sql.raw(`drop trigger fail_audit_${id} on audit_log; drop function fail_audit_${id}();`));
    }
    expect(await rowsOf(user.id)).toEqual([]);
    expect(mailsTo(user)).toEqual([]);
    expect((await list(user)).body).toEqual({ unread: 0, count: 0, next: null, results: [] });
    // The same approval, once it can commit, notifies once.
    expect((await decide(id, 'approve')).status).toBe(200);
    expect((await rowsOf(user.id)).map((r) => r.kind)).toEqual(['deposit_approved']);
  });
});

describe('a notification mail that fails to send', () => {
  /** A deposit of `amount` approved while the mail server refuses its mail: the approval still stands. */
  async function approvedWhileMailFails(user: TestUser, amount: string) {
    const send = vi.spyOn(t.mailbox, 'send').mockRejectedValueOnce(new Error('SMTP is down'));
    try {
      expect((await decide(await deposit(user, amount), 'approve')).status).toBe(200);
    } finally {
      send.mockRestore();
    }
  }

  it('is sent by the next retry pass, once, and no longer once the notification is a day old', async () => {
    const user = await createUser(t);
    await approvedWhileMailFails(user, '60');
    expect(mailsTo(user)).toEqual([]);
    expect((await rowsOf(user.id)).map((r) => r.mailedAt)).toEqual([null]);

    expect(await retryNotificationMails(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(mailsTo(user).map((m) => m.subject)).toEqual(['Coinfront: Deposit approved']);
    expect((await rowsOf(user.id))[0]!.mailedAt).not.toBeNull();
    // Mailed once: the next pass finds nothing of this user's.
    await retryNotificationMails(t.ctx);
    expect(mailsTo(user)).toHaveLength(1);

    // A second failure, on a notification that is then more than a day old: given up.
    await approvedWhileMailFails(user, '61');
    await t.db
      .update(notifications)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(notifications.userId, user.id), sql`${notifications.mailedAt} is null`));
    await retryNotificationMails(t.ctx);
    expect(mailsTo(user)).toHaveLength(1);
  });

  it('is retried by an instance on its own, every MAIL_RETRY_INTERVAL_MS', async () => {
    const user = await createUser(t);
    await approvedWhileMailFails(user, '62');
    expect(mailsTo(user)).toEqual([]);
    const retrying = await anotherInstance(t, { config: { mailRetryIntervalMs: 50 } });
    try {
      await vi.waitFor(() => expect(mailsTo(user).map((m) => m.subject)).toEqual(['Coinfront: Deposit approved']));
    } finally {
      await retrying.close();
    }
  });
});

/** `n` notifications for `user`, written as an event would (oldest first). */
async function seed(user: TestUser, n: number) {
  await t.db.transaction(async (tx) => {
    for (let i = 1; i <= n; i++)
      await notify(tx, { userId: user.id, kind: 'bonus', title: `Note ${i}`, body: `Body ${i}` });
  });
  return (await rowsOf(user.id)).map((r) => r.id);
}

describe('GET /api-v1/notifications/', () => {
  it('pages newest first with before/next, counts all and unread, and shows only the caller’s own', async () => {
    const [user, other] = await Promise.all([createUser(t), createUser(t)]);
    const ids = await seed(user, 25);
    await seed(other, 3);
    const newestFirst = [...ids].reverse();

    const first = (await list(user, '?limit=10')).body;
    expect(first).toMatchObject({ unread: 25, count: 25, next: newestFirst[9] });
    expect(first.results.map((n) => n.id)).toEqual(newestFirst.slice(0, 10));
    expect(first.results[0]).toMatchObject({ title: 'Note 25', body: 'Body 25', kind: 'bonus', read: false });
    const second = (await list(user, `?limit=10&before=${first.next}`)).body;
    expect(second.results.map((n) => n.id)).toEqual(newestFirst.slice(10, 20));
    const last = (await list(user, `?limit=10&before=${second.next}`)).body;
    expect(last.results.map((n) => n.id)).toEqual(newestFirst.slice(20));
    expect(last.next).toBeNull();
    // The default page: 20.
    const byDefault = (await list(user)).body;
    expect(byDefault.results).toHaveLength(20);
    expect(byDefault.next).toBe(newestFirst[19]);
    // An exact last page has no next.
    expect((await list(user, '?limit=25')).body.next).toBeNull();
    // Another user's ids as a cursor show nothing of theirs.
    expect((await list(other)).body).toMatchObject({ count: 3, unread: 3 });
    expect((await list(other)).body.results.every((n) => !ids.includes(n.id))).toBe(true);
  });

  it('refuses a bad page size or cursor, and asks for a login', async () => {
    const user = await createUser(t);
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?before=-1', '?before=abc'])
      expect((await list(user, query)).status).toBe(400);
    expect((await call(t, 'GET', '/api-v1/notifications/?limit=0', { token: user.token })).body.error).toBe(
      NOTIFICATIONS_MSG.invalidLimit,
    );
    expect((await call(t, 'GET', '/api-v1/notifications/')).status).toBe(401);
  });
});

describe('POST /api-v1/notifications/read/', () => {
  it('marks the given ids read; another user’s ids are ignored and stay unread', async () => {
    const [user, other] = await Promise.all([createUser(t), createUser(t)]);
    const mine = await seed(user, 3);
    const theirs = await seed(other, 2);

    const res = await markRead(user, { ids: [mine[0], mine[2], ...theirs] });
    expect(res).toMatchObject({ status: 200, body: { message: NOTIFICATIONS_MSG.markedRead, updated: 2, unread: 1 } });
    expect((await rowsOf(user.id)).map((r) => r.readAt !== null)).toEqual([true, false, true]);
    expect((await rowsOf(other.id)).map((r) => r.readAt)).toEqual([null, null]);
    expect((await list(user)).body.results.map((n) => n.read)).toEqual([true, false, true]);
    // Marking again changes nothing (already read).
    expect((await markRead(user, { ids: [mine[0]] })).body).toMatchObject({ updated: 0, unread: 1 });
  });

  it('all: true marks every one of the caller’s own, none of anyone else’s', async () => {
    const [user, other] = await Promise.all([createUser(t), createUser(t)]);
    await seed(user, 4);
    await seed(other, 2);
    expect((await markRead(user, { all: true })).body).toMatchObject({ updated: 4, unread: 0 });
    expect((await list(user)).body).toMatchObject({ unread: 0, count: 4 });
    expect((await list(other)).body).toMatchObject({ unread: 2, count: 2 });
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, other.id), sql`${notifications.readAt} is not null`)),
    ).toEqual([]);
  });

  it('refuses a body that names neither or both, or bad ids', async () => {
    const user = await createUser(t);
    const [id] = await seed(user, 1);
    for (const body of [{}, { ids: [] }, { all: false }, { ids: [id], all: true }, { ids: ['x'] }, { ids: [0] }]) {
      const res = await markRead(user, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect((await markRead(user, {})).body.error).toBe(NOTIFICATIONS_MSG.chooseWhich);
    expect((await markRead(user, { ids: Array.from({ length: 201 }, (_, i) => i + 1) })).status).toBe(400);
    expect((await rowsOf(user.id))[0]!.readAt).toBeNull();
  });
});

describe('POST /api-v1/user/language/ and mails in the user’s language (docs/decisions/0044)', () => {
  const setLanguage = (user: TestUser, body: unknown) =>
    call(t, 'POST', '/api-v1/user/language/', { token: user.token, body });
  const languageOf = async (user: TestUser) =>
    (await t.db.select({ language: users.language }).from(users).where(eq(users.id, user.id)))[0]?.language;

  it('keeps one of the ten codes for the caller only; refuses any other with a clear message', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    expect(await languageOf(user)).toBe('en'); // the default

    expect(await setLanguage(user, { language: 'ja' })).toMatchObject({
      status: 200,
      body: { message: NOTIFICATIONS_MSG.languageSaved, language: 'ja' },
    });
    expect(await languageOf(user)).toBe('ja');
    expect(await languageOf(other)).toBe('en');

    for (const language of ['xx', 'EN', 'de-DE', '', 7, null]) {
      const res = await setLanguage(user, { language });
      expect(res.status, String(language)).toBe(400);
      expect(res.body.error).toBe(NOTIFICATIONS_MSG.invalidLanguage);
    }
    expect((await setLanguage(user, {})).status).toBe(400);
    expect(await languageOf(user)).toBe('ja');
    expect((await call(t, 'POST', '/api-v1/user/language/', { body: { language: 'de' } })).status).toBe(401);
  });

  it('mails a notification in German to a user whose language is de, in English to another', async () => {
    const german = await createUser(t);
    const english = await createUser(t);
    expect((await setLanguage(german, { language: 'de' })).status).toBe(200);
    expect((await decide(await deposit(german, '120.5'), 'approve')).status).toBe(200);
    expect((await decide(await deposit(english, '80'), 'approve')).status).toBe(200);

    const [mail] = mailsTo(german);
    expect(mail?.subject).toBe('Coinfront: Einzahlung genehmigt');
    expect(mail?.text).toContain('Ihre Einzahlung von 120.5 USDT wurde Ihrem Funding-Wallet gutgeschrieben.');
    expect(mail?.text).toContain('Alle Ihre Benachrichtigungen finden Sie unter der Glocke');
    expect(mail?.text).not.toMatch(/deposit|notifications/i);
    expect(mailsTo(english).map((m) => [m.subject, m.text.split('\n')[0]])).toEqual([
      ['Coinfront: Deposit approved', 'Your deposit of 80 USDT has been credited to your funding wallet.'],
    ]);
    // The bell's row keeps its English (the fallback) and the params the web translates with.
    expect((await rowsOf(german.id)).map((r) => [r.title, r.params])).toEqual([
      ['Deposit approved', { amount: '120.5', currency: 'USDT', transaction_id: expect.any(String) }],
    ]);
  });
});

describe('notifications@user.<id>', () => {
  async function following(user: TestUser): Promise<WsClient> {
    const client = await connectWs(t);
    client.send({ method: 'LOGIN', params: [user.token], id: 'login' });
    expect(await client.next((f) => f.id === 'login')).toHaveProperty('result');
    client.send({ method: 'SUBSCRIBE', params: [USER_STREAMS.notifications(user.id)], id: 'sub' });
    expect(await client.next((f) => f.id === 'sub')).toEqual({ result: null, id: 'sub' });
    return client;
  }
  const isPush = (f: any) => f.e === 'notifications';

  it('sends the first page at once, then on an event and a read made through another instance', async () => {
    const [user, other] = await Promise.all([createUser(t), createUser(t)]);
    const client = await following(user);
    expect(await client.next(isPush)).toEqual({ e: 'notifications', unread: 0, count: 0, next: null, results: [] });

    const second = await anotherInstance(t);
    try {
      await vi.waitFor(() => expect(t.ctx.changes.listening() && second.ctx.changes.listening()).toBe(true));
      const id = await deposit(user, '60');
      let from = client.frames.length;
      const approve = await second.app.inject({
        method: 'POST',
        url: `/api-v3/admin/transactions-verification/?transaction_id=${id}`,
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { action: 'approve' },
      });
      expect(approve.statusCode).toBe(200);
      const pushed = await client.next((f) => isPush(f) && f.unread === 1, from);
      expect(pushed.results).toEqual((await list(user)).body.results);
      expect(pushed.results[0]).toMatchObject({ kind: 'deposit_approved', read: false });

      from = client.frames.length;
      const read = await second.app.inject({
        method: 'POST',
        url: '/api-v1/notifications/read/',
        headers: { authorization: `Bearer ${user.token}` },
        payload: { all: true },
      });
      expect(read.statusCode).toBe(200);
      const cleared = await client.next((f) => isPush(f) && f.unread === 0, from);
      expect(cleared.results[0]).toMatchObject({ kind: 'deposit_approved', read: true });

      // Another user's event reaches nobody but them.
      from = client.frames.length;
      await seed(other, 1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(client.frames.slice(from).filter(isPush)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it("refuses another user's stream", async () => {
    const [alice, bob] = await Promise.all([createUser(t), createUser(t)]);
    const asBob = await following(bob);
    asBob.send({ method: 'SUBSCRIBE', params: [USER_STREAMS.notifications(alice.id)], id: 2 });
    expect((await asBob.next((f) => f.id === 2)).error.msg).toMatch(/not allowed/);
  });
});
