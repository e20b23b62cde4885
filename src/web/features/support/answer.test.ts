/** A recharge-address answer turns into prose plus ERC20/TRC20/BTC rows with a copy button. */
import { describe, expect, it } from 'vitest';
import { splitAnswer } from './answer';

describe('splitAnswer', () => {
  it('pulls the address lines out of a recharge-address answer, keeping the prose', () => {
    const answer = [
      'Here are the platform recharge addresses:',
      'ERC20: 0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063',
      'TRC20: TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
      'BTC: bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'Then submit a recharge request.',
    ].join('\n');
    expect(splitAnswer(answer)).toEqual({
      text: 'Here are the platform recharge addresses:\nThen submit a recharge request.',
      addresses: [
        { network: 'ERC20', address: '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063' },
        { network: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
        { network: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
      ],
    });
  });

  it('leaves an ordinary answer as prose without rows', () => {
    const answer = 'Your balances are on the Assets page.\nTransfer from an asset detail page.';
    expect(splitAnswer(answer)).toEqual({ text: answer, addresses: [] });
  });

  it('does not take a sentence that only mentions a network for an address', () => {
    const answer = 'Send on BTC: only the Bitcoin network works\nUse ERC20 for USDT on Ethereum.';
    expect(splitAnswer(answer).addresses).toEqual([]);
  });
});
