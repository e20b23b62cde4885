/** The bonus popup shows every tier of docs/product.md section 9, straight from BONUS_TIERS. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BONUS_TIERS } from '../../../shared/constants.js';
import { BonusSchedule, groupThousands } from './BonusSchedule';

afterEach(cleanup);

const rowsOf = (heading: string) => {
  const table = screen.getByRole('table', { name: heading });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
};

describe('bonus schedule', () => {
  it('lists the new-user, membership and VIP tiers as recharge -> bonus in USDT', () => {
    render(<BonusSchedule />);
    expect(rowsOf('New-user recharge bonus')).toEqual([
      ['200', '+5'],
      ['500', '+15'],
      ['1,000', '+40'],
      ['3,000', '+100'],
      ['6,000', '+200'],
      ['10,000', '+500'],
    ]);
    expect(rowsOf('Membership bonus')).toEqual([
      ['3,000', '+500'],
      ['5,000', '+1,000'],
      ['10,000', '+2,500'],
    ]);
    expect(rowsOf('VIP bonus')).toEqual([
      ['20,000', '+3,000'],
      ['50,000', '+10,000'],
      ['100,000', '+25,000'],
    ]);
    expect(screen.getByText('Single recharge of at least 3,000 USDT')).toBeTruthy();
    expect(screen.getByText('Over 20,000 USDT accumulated')).toBeTruthy();
  });

  it('shows the top tier as open-ended: 200,000 or more gives 50,000', () => {
    render(<BonusSchedule />);
    expect(screen.getByText('Over 150,000 USDT accumulated')).toBeTruthy();
    expect(rowsOf('Premier VIP bonus')).toEqual([
      ['150,000', '+35,000'],
      ['200,000 or more', '+50,000'],
    ]);
  });

  it('draws one row per tier of the constants', () => {
    render(<BonusSchedule />);
    const tiers = Object.values(BONUS_TIERS).flat();
    expect(screen.getAllByRole('row').length - 4).toBe(tiers.length);
  });

  it('groups thousands of whole amounts', () => {
    expect(groupThousands('5')).toBe('5');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('200000')).toBe('200,000');
    expect(groupThousands('1000000')).toBe('1,000,000');
  });
});
