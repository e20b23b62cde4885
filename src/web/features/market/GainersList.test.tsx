/** The gainers table, and that a tick re-renders only the rows whose numbers changed. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as format from '../../../shared/format.js';
import { GainersList } from './GainersList';

// Counts the rows that render: each row formats its price once.
vi.mock('../../../shared/format.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../shared/format.js')>();
  return { ...real, formatHomePrice: vi.fn(real.formatHomePrice) };
});

afterEach(cleanup);

const t = (symbol: string, lastPrice: string, priceChangePercent: string) => ({
  symbol,
  lastPrice,
  priceChangePercent,
});
const shownRows = () =>
  within(screen.getByRole('table', { name: 'Gainers' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      row.getAttribute('data-symbol'),
      ...within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ]);

describe('gainers list', () => {
  it('has the columns Name, Last Price and 24h Change', () => {
    render(<GainersList tickers={[t('BTCUSDT', '1', '1')]} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Last Price', '24h Change']);
  });

  it('shows only rising coins, the biggest gain first, prices with 5 decimals', () => {
    render(
      <GainersList
        tickers={[
          t('BTCUSDT', '67000.5', '1.2'),
          t('ETHUSDT', '3400', '-2'),
          t('XRPUSDT', '0.5', '8.25'),
          t('ADAUSDT', '0.4', '0'),
        ]}
      />,
    );
    expect(shownRows()).toEqual([
      ['XRPUSDT', '0.50000', '+8.25%'],
      ['BTCUSDT', '67,000.50000', '+1.20%'],
    ]);
  });

  it("says 'Loading coins...' before any data and explains an empty list after", () => {
    const { rerender } = render(<GainersList tickers={[]} />);
    expect(screen.getByText('Loading coins...')).toBeTruthy();
    rerender(<GainersList tickers={[t('BTCUSDT', '1', '-1')]} />);
    expect(screen.getByText('No coin is up in the last 24 hours.')).toBeTruthy();
  });

  it('re-renders only the row whose price moved when a tick arrives', () => {
    const formatHomePrice = vi.mocked(format.formatHomePrice);
    const tickers = [t('BTCUSDT', '100', '3'), t('ETHUSDT', '10', '2'), t('XRPUSDT', '1', '1')];
    const { rerender } = render(<GainersList tickers={tickers} />);
    formatHomePrice.mockClear();

    // A new array of new objects, as after a stream flush; only ETH's numbers differ.
    rerender(
      <GainersList tickers={tickers.map((x) => (x.symbol === 'ETHUSDT' ? t('ETHUSDT', '10.5', '2.5') : { ...x }))} />,
    );
    expect(formatHomePrice.mock.calls).toEqual([['10.5']]);
    expect(shownRows()[1]).toEqual(['ETHUSDT', '10.50000', '+2.50%']);
  });
});
