/** Home's BTC, ETH and XRP tiles from the tickers: 5 decimals, coloured change, 0.00000 when missing. */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PriceTiles } from './PriceTiles';

afterEach(cleanup);

const tile = (pair: string) => screen.getByRole('listitem', { name: pair });
const priceOf = (pair: string) => within(tile(pair)).getByTestId('tile-price').textContent;

describe('price tiles', () => {
  it('shows BTC, ETH and XRP in that order whatever the tickers hold', () => {
    render(
      <PriceTiles
        tickers={[
          { symbol: 'DOGEUSDT', lastPrice: '0.12', priceChangePercent: '9' },
          { symbol: 'XRPUSDT', lastPrice: '0.5212345', priceChangePercent: '-1.5' },
          { symbol: 'BTCUSDT', lastPrice: '67250.1', priceChangePercent: '2.345' },
          { symbol: 'ETHUSDT', lastPrice: '3480', priceChangePercent: '0' },
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'XRP/USDT',
    ]);
    expect(priceOf('BTC/USDT')).toBe('67,250.10000');
    expect(priceOf('ETH/USDT')).toBe('3,480.00000');
    expect(priceOf('XRP/USDT')).toBe('0.52123');
  });

  it('colours the 24h change: green up, red down, muted flat', () => {
    render(
      <PriceTiles
        tickers={[
          { symbol: 'BTCUSDT', lastPrice: '1', priceChangePercent: '2.345' },
          { symbol: 'ETHUSDT', lastPrice: '1', priceChangePercent: '-0.001' },
          { symbol: 'XRPUSDT', lastPrice: '1', priceChangePercent: '-1.5' },
        ]}
      />,
    );
    const up = within(tile('BTC/USDT')).getByText('+2.35%');
    expect(up.className).toContain('text-up');
    // Rounds to zero: shown as 0.00% and not in red.
    expect(within(tile('ETH/USDT')).getByText('0.00%').className).toContain('text-muted');
    expect(within(tile('XRP/USDT')).getByText('-1.50%').className).toContain('text-down');
  });

  it('shows the default 0.00000 while a price is missing', () => {
    render(<PriceTiles tickers={[{ symbol: 'BTCUSDT', lastPrice: '67000', priceChangePercent: '1' }]} />);
    expect(priceOf('ETH/USDT')).toBe('0.00000');
    expect(priceOf('XRP/USDT')).toBe('0.00000');
    expect(within(tile('XRP/USDT')).getByText('0.00%')).toBeTruthy();
  });
});
