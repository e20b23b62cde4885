/** The Markets list opens the Lever page on the coin of the tapped pair (issue 17: it always opened BTC). */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Ticker24h } from '../../../shared/api/market';
import { renderScreen } from '../../../../tests/helpers/fake-web-api';
import { PairList } from './PairList';

afterEach(cleanup);

function LeverProbe() {
  const [params] = useSearchParams();
  return <p>lever on {params.get('coin')}</p>;
}

/** Only the fields the list shows. */
const ticker = (symbol: string) =>
  ({ symbol, lastPrice: '1', priceChangePercent: '0', quoteVolume: '1' }) as unknown as Ticker24h;

describe('pair list', () => {
  it('links a USDT pair to the Lever page with ?coin=, the parameter the Lever page reads', () => {
    renderScreen(<PairList pairs={[ticker('BTCUSDT'), ticker('ETHUSDT')]} />, {
      path: '/markets',
      routes: { '/lever': <LeverProbe /> },
    });
    fireEvent.click(screen.getByText('ETH'));
    expect(screen.getByText('lever on ETH')).toBeTruthy();
  });
});
