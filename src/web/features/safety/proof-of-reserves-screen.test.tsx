/**
 * The proof of reserves screen against a faked API (docs/proof-of-reserves.md): a real tree built with
 * the shared code, the user's path checked in the browser: "Verified", or what failed when the answer
 * was tampered with; a user without a leaf is told why.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, renderScreen, type FakeApi, resetScreenTest } from '../../../../tests/helpers/fake-web-api';
import { RESERVES_MSG } from '../../../shared/api/reserves';
import { buildLevels, leafHash, pathOf } from '../../../shared/proof-of-reserves';
import { ProofOfReservesPage } from './ProofOfReservesPage';

const CURRENCIES = ['BTC', 'USDT'];
const leaves = [
  { nonce: 'a'.repeat(32), balances: { BTC: '0.25', USDT: '150.5' } },
  { nonce: 'b'.repeat(32), balances: { BTC: '0', USDT: '7' } },
  { nonce: 'c'.repeat(32), balances: { BTC: '1', USDT: '0' } },
];
const levels = buildLevels(
  leaves.map((l) => ({ hash: leafHash(l.nonce, l.balances, CURRENCIES), sums: l.balances })),
  CURRENCIES,
);
const root = levels.at(-1)![0]!;
const published = {
  snapshot_id: 3,
  created_at: '2026-11-28T09:00:00.000Z',
  root: root.hash,
  leaf_count: 3,
  currencies: [
    { currency: 'BTC', total_liabilities: root.sums.BTC },
    { currency: 'USDT', total_liabilities: root.sums.USDT },
  ],
  reserve_addresses: [{ currency: 'USDT', network: 'ERC20', address: '0x52908400098527886E0F7030069857D2E4169EE7' }],
};
const mine = {
  snapshot_id: 3,
  created_at: published.created_at,
  root: root.hash,
  leaf_index: 0,
  leaf_hash: levels[0]![0]!.hash,
  nonce: leaves[0]!.nonce,
  balances: leaves[0]!.balances,
  path: pathOf(
    0,
    levels.map((l) => l.length),
    (level, i) => levels[level]![i]!,
  ),
};

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
  localStorage.setItem('token', 'a.token');
  api.on('GET /api-v1/proof-of-reserves/', [200, published]);
});
afterEach(resetScreenTest);

describe('proof of reserves screen', () => {
  it('verifies the path in the browser and says so, beside the totals and reserve addresses', async () => {
    api.on('GET /api-v1/proof-of-reserves/mine/', [200, mine]);
    renderScreen(<ProofOfReservesPage />, { path: '/safety/proof-of-reserves' });
    expect(await screen.findByText('Verified: your balances are included in the published totals')).toBeTruthy();
    expect(screen.getByText('157.5')).toBeTruthy();
    expect(screen.getByText('0x52908400098527886E0F7030069857D2E4169EE7')).toBeTruthy();
  });

  it('says what failed when a balance was changed', async () => {
    api.on('GET /api-v1/proof-of-reserves/mine/', [200, { ...mine, balances: { BTC: '0.25', USDT: '150' } }]);
    renderScreen(<ProofOfReservesPage />, { path: '/safety/proof-of-reserves' });
    expect(await screen.findByText('Not verified: your leaf does not lead to the published root')).toBeTruthy();
  });

  it('tells a user without a leaf why', async () => {
    api.on('GET /api-v1/proof-of-reserves/mine/', [404, { error: RESERVES_MSG.noLeaf, code: 'reserves.noLeaf' }]);
    renderScreen(<ProofOfReservesPage />, { path: '/safety/proof-of-reserves' });
    expect(await screen.findByText(RESERVES_MSG.noLeaf)).toBeTruthy();
  });
});
