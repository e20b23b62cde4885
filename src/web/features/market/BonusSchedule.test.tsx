/**
 * The bonus popup and banner show the live tiers of GET /api-v1/bonus-tiers/ (docs/product.md section 9's
 * by default; whatever staff set in Settings, docs/decisions/0030), and promise nothing while bonuses are off.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPEC_BONUS_TIERS, type BonusTiers } from '../../../shared/api/bonuses.js';
import { installFakeApi, renderScreen, type FakeApi } from '../../../../tests/helpers/fake-web-api';
import { BonusSchedule } from './BonusSchedule';
import { groupThousands } from './bonus-offer';
import { BonusBanner } from './HomeHighlights';

let api: FakeApi;
beforeEach(() => {
  api = installFakeApi();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SPEC: BonusTiers = { enabled: true, currency: 'USDT', ...SPEC_BONUS_TIERS };
/** The server sends no tiers while off; the switch alone must already keep the screen from promising any. */
const OFF: BonusTiers = { ...SPEC, enabled: false };
const OFF_AS_SENT: BonusTiers = { enabled: false, currency: 'USDT', new_user: [], membership: [], vip: [], top: [] };

const rowsOf = async (heading: string) => {
  const table = await screen.findByRole('table', { name: heading });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
};

const showSchedule = () => renderScreen(<BonusSchedule />, { path: '/home' });

describe('bonus schedule', () => {
  it("lists SPEC's new-user, membership and VIP tiers as recharge -> bonus in USDT, read from the server", async () => {
    api.on('GET /api-v1/bonus-tiers/', [200, SPEC]);
    showSchedule();
    expect(await rowsOf('New-user recharge bonus')).toEqual([
      ['200', '+5'],
      ['500', '+15'],
      ['1,000', '+40'],
      ['3,000', '+100'],
      ['6,000', '+200'],
      ['10,000', '+500'],
    ]);
    expect(await rowsOf('Membership bonus')).toEqual([
      ['3,000', '+500'],
      ['5,000', '+1,000'],
      ['10,000', '+2,500'],
    ]);
    expect(await rowsOf('VIP bonus')).toEqual([
      ['20,000', '+3,000'],
      ['50,000', '+10,000'],
      ['100,000', '+25,000'],
    ]);
    expect(screen.getByText('Single recharge of at least 3,000 USDT')).toBeTruthy();
    expect(screen.getByText('Over 20,000 USDT accumulated')).toBeTruthy();
    expect(api.callsTo('GET /api-v1/bonus-tiers/')).toHaveLength(1);
  });

  it('shows the top tier as open-ended: 200,000 or more gives 50,000', async () => {
    api.on('GET /api-v1/bonus-tiers/', [200, SPEC]);
    showSchedule();
    expect(await rowsOf('Premier VIP bonus')).toEqual([
      ['150,000', '+35,000'],
      ['200,000 or more', '+50,000'],
    ]);
    expect(screen.getByText('Over 150,000 USDT accumulated')).toBeTruthy();
  });

  it('shows the tiers staff set, and leaves out a group with none', async () => {
    api.on('GET /api-v1/bonus-tiers/', [
      200,
      {
        ...SPEC,
        new_user: [{ recharge: '100', bonus: '7.5' }],
        membership: [{ recharge: '2500', bonus: '300' }],
        top: [],
      },
    ]);
    showSchedule();
    expect(await rowsOf('New-user recharge bonus')).toEqual([['100', '+7.5']]);
    expect(await rowsOf('Membership bonus')).toEqual([['2,500', '+300']]);
    expect(screen.getByText('Single recharge of at least 2,500 USDT')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Premier VIP bonus' })).toBeNull();
  });

  it.each([
    ['as the server sends it', OFF_AS_SENT],
    ['even with tiers in the answer', OFF],
  ])('promises nothing while bonuses are off (%s)', async (_label, answer) => {
    api.on('GET /api-v1/bonus-tiers/', [200, answer]);
    showSchedule();
    await screen.findByText('There are no recharge bonuses at the moment.');
    expect(screen.queryAllByRole('table')).toEqual([]);
  });

  it('groups thousands of whole amounts', () => {
    expect(groupThousands('5')).toBe('5');
    expect(groupThousands('1000')).toBe('1,000');
    expect(groupThousands('200000')).toBe('200,000');
    expect(groupThousands('1000000')).toBe('1,000,000');
    expect(groupThousands('1000.5')).toBe('1,000.5');
  });
});

describe("Home's bonus banner", () => {
  it('promises the live top new-user and VIP bonuses', async () => {
    api.on('GET /api-v1/bonus-tiers/', [200, SPEC]);
    renderScreen(<BonusBanner onOpenSchedule={() => {}} />, { path: '/home' });
    expect((await screen.findByRole('region', { name: 'Recharge bonus' })).textContent).toContain(
      'Up to 500 USDT on your recharge',
    );
    expect(screen.getByText(/50,000/)).toBeTruthy();
  });

  it('is not there while bonuses are off', async () => {
    api.on('GET /api-v1/bonus-tiers/', [200, OFF]);
    renderScreen(
      <>
        <BonusBanner onOpenSchedule={() => {}} />
        <BonusSchedule />
      </>,
      { path: '/home' },
    );
    await screen.findByText('There are no recharge bonuses at the moment.');
    expect(screen.queryByRole('region', { name: 'Recharge bonus' })).toBeNull();
  });
});
