/**
 * Real, valid withdrawal addresses for tests (src/shared/addresses.ts checks their checksums): the
 * EIP-55 example, Tether's TRON contract, a BIP-173 segwit address. `tronAddress(n)` makes distinct
 * valid TRC20 addresses (base58check of 0x41 + 20 bytes) for tests that need many.
 */
import bs58check from 'bs58check';

export const ADDRESSES = {
  ERC20: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
} as const;

export function tronAddress(n: number): string {
  const payload = new Uint8Array(21);
  payload[0] = 0x41;
  new DataView(payload.buffer).setUint32(17, n >>> 0);
  new DataView(payload.buffer).setUint32(13, Math.floor(n / 2 ** 32));
  return bs58check.encode(payload);
}
