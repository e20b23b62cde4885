/**
 * Screenshots of custody's outgoing half (docs/decisions/0065), light and dark, against a real anvil
 * chain: the staff Custody page (the chain against the books, the hot wallet's gas, the withdrawal queue
 * with a confirmed withdrawal's hash and one waiting with its reason, the dev faucet of EVM_DEV_CHAIN=1),
 * and the withdrawal record with its chain status and hash in the staff user view. Desk size.
 * Runs only when SCREENSHOTS names a folder: SCREENSHOTS=.tmp npx vitest run --project e2e custody-screenshots
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createDepositWatcher, createPayouts, custodyChainOf } from '../../src/server/modules/custody/index.js';
import { startTestChain, type TestChain } from '../helpers/anvil.js';
import { createFakeMarket } from '../helpers/fake-market.js';
import { setTransactionPassword } from '../helpers/money.js';
import { call, createAdmin, signUp } from '../helpers/users.js';
import { DESK } from './helpers/browser.js';
import { SCHEMES, screenOptions, screenshotsWanted, shot } from './helpers/screenshots.js';
import { webAppSuite } from './helpers/suite.js';
import { storeSession } from './helpers/ui.js';

const env: NodeJS.ProcessEnv = {};
const PASSWORD = '135791';

describe.runIf(screenshotsWanted)('custody screenshots', () => {
  let chain: TestChain;
  // Before the suite's own beforeAll: the app starts pointed at this chain.
  beforeAll(async () => {
    chain = await startTestChain(1);
    Object.assign(env, chain.env, { EVM_DEV_CHAIN: '1' });
  }, 60_000);
  afterAll(() => chain?.stop());
  const suite = webAppSuite({ env, market: createFakeMarket({ BTC: '60000', ETH: '3000', USDO: '1' }) });

  it('the staff Custody page and the withdrawal record with its hash', async () => {
    const t = suite.app;
    const evm = custodyChainOf(t.config)!;
    const watcher = createDepositWatcher(t.ctx, evm);
    const payouts = createPayouts(t.ctx, evm);
    await watcher.pollOnce();
    const admin = await createAdmin(t);
    const user = await signUp(t, { first_name: 'Ada', last_name: 'Lovelace' });
    await setTransactionPassword(t, user, PASSWORD);
    const address = (await call(t, 'GET', '/api-v1/deposit-addresses/?currency=USDT', { token: user.token })).body[0]
      .address as string;
    await chain.sendUsdt(address, '1500');
    await chain.sendEth(evm.hotWallet.address, '1.5');
    for (let i = 0; i < 3; i++) {
      await chain.mine(1);
      await watcher.pollOnce();
    }
    const withdraw = async (amount: string, to: string) => {
      const res = await call(t, 'POST', '/api-v1/withdraw/', {
        token: user.token,
        body: {
          amount,
          currency: 'USDT',
          network: 'ERC20',
          address: to,
          transaction_password: PASSWORD,
          all_amount: false,
        },
      });
      await call(
        t,
        'POST',
        `/api-v3/admin/transactions-verification/?transaction_id=${res.body.transaction.transaction_id}`,
        {
          token: admin.token,
          body: { action: 'approve' },
        },
      );
    };
    await withdraw('250', '0x52908400098527886E0F7030069857D2E4169EE7');
    for (let i = 0; i < 8; i++) {
      await payouts.pollOnce();
      await chain.mine(1);
    }
    // More than the hot wallet holds now: it waits, and says why.
    await withdraw('1200', '0x8617E340B3D01FA5F11F306F4090FD50E238070D');
    await payouts.pollOnce();

    for (const scheme of SCHEMES) {
      const desk = await suite.phone({ ...screenOptions(scheme), viewport: DESK });
      await storeSession(desk.page, admin.login);
      await desk.page.goto('/admin/dashboard?view=custody');
      await desk.page.getByText('Withdrawals to the chain').waitFor();
      await shot(desk.page, `${scheme}-staff-custody`, { fullPage: true });
      await desk.page.goto(`/admin/dashboard?view=users&user=${user.id}`);
      await desk.page.getByText('Confirmed', { exact: false }).first().waitFor();
      await shot(desk.page, `${scheme}-staff-withdrawal-hash`, { fullPage: true });
      await desk.context.close();
    }
  }, 120_000);
});
