/** The four wallets (docs/product.md 2 "Assets"); their names are in the catalogs (assets.account.*). */
import { WALLET_KINDS, type WalletKind } from '../../../shared/constants';

/** The order of the transfer pickers in docs/product.md: funding, lever, second, legal-currency. */
export const TRANSFER_ACCOUNTS: readonly WalletKind[] = ['funding', 'lever', 'second', 'legal'];

export const isWalletKind = (value: string | null | undefined): value is WalletKind =>
  (WALLET_KINDS as readonly string[]).includes(value ?? '');
