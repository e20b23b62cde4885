/**
 * The Markets list opens the tapped pair (docs/decisions/0025-trade-protection.md: it always opened BTC): a lever coin on the Lever
 * page, another spot-tradable pair on the Exchange page, both with ?coin=, and any other pair nowhere.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Ticker24h } from '../../../shared/api/market';
import { renderScreen } from '../../../../tests/helpers/fake-web-api';
import { PairList } from './PairList';

afterEach(cleanup);

function Probe({ page }: { page: string }) {
  const [params] = useSearchParams();
  return (
    <p>
      {page} on {params.get('coin')}
    </p>
  );
}

/** Only the fields the list shows. */
const ticker = (symbol: string) =>
  ({ symbol, lastPrice: '1', priceChangePercent: '0', quoteVolume: '1' }) as unknown as Ticker24h;

const routes = { '/lever': <Probe page="lever" />, '/exchange': <Probe page="exchange" /> };

describe('pair list', () => {
  it('links a lever coin to the Lever page with ?coin=, the parameter the Lever page reads', () => {
    renderScreen(<PairList pairs={[ticker('BTCUSDT'), ticker('ETHUSDT')]} />, { path: '/markets', routes });
    fireEvent.click(screen.getByText('ETH'));
    expect(screen.getByText('lever on ETH')).toBeTruthy();
  });

  it('links another spot-tradable pair to the Exchange page with the same ?coin=', () => {
    renderScreen(<PairList pairs={[ticker('TONUSDT'), ticker('WIFUSDT')]} />, { path: '/markets', routes });
    fireEvent.click(screen.getByText('WIF'));
    expect(screen.getByText('exchange on WIF')).toBeTruthy();
  });

  it('makes nothing clickable of a pair neither screen trades; a BTC-quoted pair opens its coin on Exchange', () => {
    renderScreen(<PairList pairs={[ticker('ETHBTC'), ticker('USDCUSDT'), ticker('BTCTRY'), ticker('SOLUSDT')]} />, {
      path: '/markets',
      routes,
    });
    const linked = [...document.querySelectorAll('li[data-symbol]')]
      .filter((li) => li.querySelector('a'))
      .map((li) => li.getAttribute('data-symbol'));
    expect(linked).toEqual(['ETHBTC', 'SOLUSDT']);
  });
});
