/** Where a sign-in goes on to (docs/decisions/0043-languages.md): only a page of this app named by the guard's `next`. */
import { describe, expect, it } from 'vitest';
import { loginPathFor, nextPathOf, pairPathOf } from './paths';

describe('the page after signing in', () => {
  it('is the page the guard named', () => {
    expect(nextPathOf(new URL(loginPathFor('/support'), 'http://x').search)).toBe('/support');
    expect(nextPathOf('?next=%2Flever%3Fcoin%3DETH')).toBe('/lever?coin=ETH');
    expect(nextPathOf('?next=/chat/7')).toBe('/chat/7');
  });

  it.each([
    '',
    '?next=',
    '?other=/support',
    '?next=https://evil.example/support',
    '?next=//evil.example/support',
    '?next=/\\evil.example',
    '?next=javascript:alert(1)',
    '?next=support',
    '?next=/login',
    '?next=/signup',
    '?next=/forgot-password',
  ])('is home (null) for %s', (search) => {
    expect(nextPathOf(search)).toBeNull();
  });
});

describe('where a Markets pair opens (docs/decisions/0060)', () => {
  it('a lever coin the Lever screen, another spot pair the Exchange screen, a BTC-quoted pair its coin on Exchange', () => {
    expect(pairPathOf('BTCUSDT')).toBe('/lever?coin=BTC');
    expect(pairPathOf('ETHBTC')).toBe('/exchange?coin=ETH');
    expect(pairPathOf('NOPEBTC')).toBeNull();
    expect(pairPathOf('ETHEUR')).toBeNull();
  });
});
