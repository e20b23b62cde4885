/** The Withdraw form's kept draft (docs/decisions/0068-screens-finish.md): read back only when it is well formed. */
import { describe, expect, it } from 'vitest';
import { draftOf, withDraft } from './withdrawal-draft';

describe('draftOf', () => {
  const draft = { address: '0xabc', amount: '120', allAmount: false, network: 'ERC20' as const };

  it('reads back what withDraft stored, for a network of the currency', () => {
    expect(draftOf(withDraft(draft), ['ERC20', 'TRC20'])).toEqual(draft);
  });

  it('drops a network the currency does not travel on, and reads no draft from other state', () => {
    expect(draftOf(withDraft(draft), ['BTC'])).toEqual({ ...draft, network: null });
    expect(draftOf(null, ['ERC20'])).toBeNull();
    expect(draftOf({ withdrawalDraft: { address: 1, amount: '2' } }, ['ERC20'])).toBeNull();
    expect(draftOf({ other: true }, ['ERC20'])).toBeNull();
  });
});
