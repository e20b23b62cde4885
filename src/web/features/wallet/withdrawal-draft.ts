/**
 * What the Withdraw form keeps while the trader sets a transaction password (docs/decisions/0068-screens-finish.md):
 * the address, network and amount typed, in the form's own history entry, so the password screen's
 * return (back one page) finds them. Never the transaction password or a code.
 */
import type { Network } from '../../../shared/addresses';

export interface WithdrawalDraft {
  address: string;
  amount: string;
  allAmount: boolean;
  /** The network the trader picked; null while it follows the address. */
  network: Network | null;
}

/** The draft the history entry's state holds, when it is one of these networks' (else null). */
export function draftOf(state: unknown, networks: readonly Network[]): WithdrawalDraft | null {
  const draft = (state as { withdrawalDraft?: Partial<Record<keyof WithdrawalDraft, unknown>> } | null)
    ?.withdrawalDraft;
  if (!draft || typeof draft.address !== 'string' || typeof draft.amount !== 'string') return null;
  const network = networks.find((n) => n === draft.network) ?? null;
  return {
    address: draft.address.slice(0, 200),
    amount: draft.amount.slice(0, 40),
    allAmount: draft.allAmount === true,
    network,
  };
}

/** The state of the form's history entry holding `draft`. */
export const withDraft = (draft: WithdrawalDraft) => ({ withdrawalDraft: draft });
