/** A bonus in the history and an asset's record (docs/decisions/0030): its own label and its program. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransactionItem } from '../../../shared/api/wallet';
import { TransactionRecordList } from './TransactionRecord';

afterEach(cleanup);

const bonus = (id: number, program: 'new_user' | 'membership' | 'vip', amount: string): TransactionItem => ({
  transaction_id: id,
  type: 'bonus',
  amount,
  currency: 'USDT',
  status: 'successful',
  transfer_from: null,
  transfer_to: 'funding',
  created_at: '2026-11-24T08:26:00.000Z',
  fee: '0',
  arrival_amount: null,
  usdt_value: null,
  address: null,
  decided_at: '2026-11-24T08:26:00.000Z',
  bonus_program: program,
});

describe('a bonus record', () => {
  it('reads Bonus with the program that paid it, credited to the funding wallet', () => {
    render(
      <TransactionRecordList
        items={[bonus(3, 'vip', '3000'), bonus(2, 'membership', '1000'), bonus(1, 'new_user', '100')]}
        wallet="funding"
      />,
    );
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByText(/^Bonus/).textContent)).toEqual([
      'Bonus USDT',
      'Bonus USDT',
      'Bonus USDT',
    ]);
    expect(within(rows[0]!).getByText('VIP bonus')).toBeTruthy();
    expect(within(rows[1]!).getByText('Membership bonus')).toBeTruthy();
    expect(within(rows[2]!).getByText('New-user recharge bonus')).toBeTruthy();
    expect(within(rows[1]!).getByText('+1,000')).toBeTruthy();
  });

  it('shows a plain amount in the history (no wallet)', () => {
    render(<TransactionRecordList items={[bonus(1, 'new_user', '40')]} />);
    expect(screen.getByText('40')).toBeTruthy();
    expect(screen.getByText('New-user recharge bonus')).toBeTruthy();
  });
});
