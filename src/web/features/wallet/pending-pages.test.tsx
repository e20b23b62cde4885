/** The staff's Pending Transactions load page after page (docs/decisions/0020-abuse-limits.md). */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STAFF_PAGE_SIZE } from '../../../shared/api/common';
import { fakeApiPerTest, renderScreen } from '../../../../tests/helpers/fake-web-api';
import { PendingTransactionsPanel } from './PendingTransactionsPanel';

const api = fakeApiPerTest({ user_id: 1, is_admin: true });

const deposit = (id: number) => ({
  transaction_id: id,
  transaction_type: 'deposit',
  amount: String(100 + id),
  currency: 'USDT',
  created_at: '2025-03-01T10:00:00.000Z',
  user_id: 2,
  user_email: 'ada@example.com',
  payment_address: 'TXsender',
});
const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
const route = 'GET /api-v3/admin/pending-transactions/';
const show = () => renderScreen(<PendingTransactionsPanel />, { path: '/admin/dashboard', url: '/admin/dashboard' });

describe('pending transactions in pages', () => {
  it('a full page offers Load more, which asks for the transactions after the last one and adds them', async () => {
    api.on(`${route}?after=${STAFF_PAGE_SIZE}`, [200, ids(STAFF_PAGE_SIZE + 1, 3).map(deposit)]);
    api.on(route, [200, ids(1, STAFF_PAGE_SIZE).map(deposit)]);
    show();
    await screen.findByRole('listitem', { name: new RegExp(`Deposit of ${100 + STAFF_PAGE_SIZE} USDT`) });
    fireEvent.click(screen.getByRole('button', { name: 'Load more pending transactions' }));
    await screen.findByRole('listitem', { name: new RegExp(`Deposit of ${100 + STAFF_PAGE_SIZE + 3} USDT`) });
    expect(api.callsTo(route).map((c) => c.query.get('after'))).toEqual([null, String(STAFF_PAGE_SIZE)]);
    expect(screen.getAllByRole('listitem', { name: /Deposit of/ })).toHaveLength(STAFF_PAGE_SIZE + 3);
    // A short page is the end of the queue.
    expect(screen.queryByRole('button', { name: 'Load more pending transactions' })).toBeNull();
  });

  it('a page shorter than a full one offers no Load more', async () => {
    api.on(route, [200, ids(1, STAFF_PAGE_SIZE - 1).map(deposit)]);
    show();
    await screen.findByRole('listitem', { name: /Deposit of 101 USDT/ });
    expect(screen.queryByRole('button', { name: 'Load more pending transactions' })).toBeNull();
  });
});
