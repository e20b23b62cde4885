/**
 * Withdrawal networks and their address formats (docs/security.md "## Withdrawal addresses
 * and networks", docs/decisions/0029): one implementation for the server's checks and the web form's
 * checks as typed, so a typo is caught by exact checksums before any money is held.
 *
 * - ERC20: `0x` + 40 hex digits; when the letters are mixed case, the EIP-55 checksum (keccak-256 of
 *   the lower-case hex) must match. All lower or all upper case carries no checksum and is accepted.
 * - TRC20: base58check (double SHA-256 checksum) of 21 bytes whose first is 0x41 (the `T...` form).
 * - BTC: base58check P2PKH (version 0x00) or P2SH (0x05) of 21 bytes; or segwit `bc1...`: witness
 *   version 0 in bech32 (BIP-173) with a 20 or 32 byte program, versions 1 to 16 in bech32m (BIP-350)
 *   with a 2 to 40 byte program.
 */
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { bech32, bech32m } from 'bech32';
import bs58check from 'bs58check';
import { defineMessages, msg, type Message } from './message.js';

/** Network names shared with the deposit addresses (`GET /api-v1/deposit-addresses/`). */
export const NETWORKS = ['ERC20', 'TRC20', 'BTC'] as const;
export type Network = (typeof NETWORKS)[number];

/**
 * The networks each currency can be withdrawn on. A currency missing here has no chain we can check
 * an address for (USDO is the in-house coin) and cannot be withdrawn (docs/decisions/0029).
 */
const CURRENCY_NETWORKS: Readonly<Record<string, readonly Network[]>> = {
  USDT: ['ERC20', 'TRC20'],
  ETH: ['ERC20'],
  BTC: ['BTC'],
};

export const networksOf = (currency: string): readonly Network[] =>
  Object.hasOwn(CURRENCY_NETWORKS, currency) ? CURRENCY_NETWORKS[currency]! : [];

const isNetwork = (value: string): value is Network => (NETWORKS as readonly string[]).includes(value);

/** "ERC20 or TRC20", "ERC20, TRC20 or BTC". */
const orList = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;

export const ADDRESS_MSG = defineMessages('addresses', {
  invalidFor: (network: Network) => `This is not a valid ${network} address`,
  /**
   * The address has the shape of none of the currency's networks (two or more: "ERC20 or TRC20"). The
   * networks are arguments, not worked out from `currency` inside, so the text has a template the
   * message codes find and translate (src/shared/message-codes.ts, docs/decisions/0043-languages.md).
   */
  invalidForCurrency: (currency: string, others: string, last: string) =>
    `This is not a valid ${currency} address on ${others} or ${last}`,
  unknownNetwork: `Please choose a network: ${orList(NETWORKS)}`,
  /** The networks are an argument (`networksText`), so the text is its arguments in one template. */
  networkDoesNotCarry: (network: Network, currency: string, networks: string) =>
    `${currency} cannot be withdrawn on the ${network} network. Choose ${networks}`,
} as const);

// ---- ERC20 (EIP-55) ----

/** The EIP-55 spelling of 40 hex digits (any case in, checksummed case out). */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '';
  for (let i = 0; i < lower.length; i += 1) {
    const c = lower[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

export function isErc20Address(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return hex === eip55(hex);
}

// ---- TRC20 and BTC base58 ----

function base58Payload(address: string): Uint8Array | undefined {
  // decodeUnsafe returns undefined on a bad checksum; it throws on characters outside base58.
  try {
    return bs58check.decodeUnsafe(address);
  } catch {
    return undefined;
  }
}

export function isTrc20Address(address: string): boolean {
  const payload = base58Payload(address);
  return payload !== undefined && payload.length === 21 && payload[0] === 0x41;
}

// ---- BTC ----

function isSegwitAddress(address: string): boolean {
  const asBech32 = bech32.decodeUnsafe(address);
  const asBech32m = asBech32 ? undefined : bech32m.decodeUnsafe(address);
  const decoded = asBech32 ?? asBech32m;
  if (!decoded || decoded.prefix !== 'bc' || decoded.words.length < 1) return false;
  const version = decoded.words[0]!;
  if (version > 16) return false;
  // BIP-350: version 0 is checksummed with bech32, versions 1+ with bech32m.
  if ((version === 0) !== (asBech32 !== undefined)) return false;
  const program = bech32.fromWordsUnsafe(decoded.words.slice(1));
  if (!program || program.length < 2 || program.length > 40) return false;
  return version !== 0 || program.length === 20 || program.length === 32;
}

export function isBtcAddress(address: string): boolean {
  if (/^bc1/i.test(address)) return isSegwitAddress(address);
  const payload = base58Payload(address);
  return payload !== undefined && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
}

const VALIDATORS: Record<Network, (address: string) => boolean> = {
  ERC20: isErc20Address,
  TRC20: isTrc20Address,
  BTC: isBtcAddress,
};

const isValidAddress = (network: Network, address: string) => VALIDATORS[network](address);

/** The network an address looks like it belongs to, by its shape alone (checksums not yet checked). */
export function inferNetwork(address: string): Network | null {
  if (/^0x/i.test(address)) return 'ERC20';
  if (/^T/.test(address)) return 'TRC20';
  if (/^(1|3|bc1)/i.test(address)) return 'BTC';
  return null;
}

export type AddressCheck =
  | { ok: true; network: Network }
  | { ok: false; field: 'address' | 'network'; message: Message };

/**
 * Whether `address` may receive `currency` on `network` (upper case; absent: inferred from the
 * address's shape among the currency's networks). The currency must have networks (networksOf).
 */
export function checkAddress(currency: string, address: string, network?: string): AddressCheck {
  const networks = networksOf(currency);
  let chosen: Network;
  if (network !== undefined && network !== '') {
    if (!isNetwork(network)) return { ok: false, field: 'network', message: msg(ADDRESS_MSG, 'unknownNetwork') };
    if (!networks.includes(network))
      return {
        ok: false,
        field: 'network',
        message: msg(ADDRESS_MSG, 'networkDoesNotCarry', network, currency, orList(networks)),
      };
    chosen = network;
  } else {
    const inferred = inferNetwork(address);
    if (inferred === null || !networks.includes(inferred))
      return {
        ok: false,
        field: 'address',
        message:
          networks.length === 1
            ? msg(ADDRESS_MSG, 'invalidFor', networks[0]!)
            : msg(ADDRESS_MSG, 'invalidForCurrency', currency, networks.slice(0, -1).join(', '), networks.at(-1)!),
      };
    chosen = inferred;
  }
  return isValidAddress(chosen, address)
    ? { ok: true, network: chosen }
    : { ok: false, field: 'address', message: msg(ADDRESS_MSG, 'invalidFor', chosen) };
}
