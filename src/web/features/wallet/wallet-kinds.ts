/** The four wallets as the screens name them (docs/product.md 2 "Assets"): the tab label and the account name. */
import { WALLET_KINDS, type WalletKind } from '../../../shared/constants';

export const WALLETS: Record<WalletKind, { tab: string; account: string }> = {
  funding: { tab: 'Exchange', account: 'Funding Account' },
  lever: { tab: 'lever', account: 'Leverage Account' },
  legal: { tab: 'legal currency', account: 'Legal Currency Account' },
  second: { tab: 'Second', account: 'Contract Account' },
};

/** The order of the transfer pickers in docs/product.md: funding, lever, second, legal-currency. */
export const TRANSFER_ACCOUNTS: readonly WalletKind[] = ['funding', 'lever', 'second', 'legal'];

export const isWalletKind = (value: string | null | undefined): value is WalletKind =>
  (WALLET_KINDS as readonly string[]).includes(value ?? '');
