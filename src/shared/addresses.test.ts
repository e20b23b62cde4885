import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MSG,
  checkAddress,
  eip55,
  inferNetwork,
  isBtcAddress,
  isErc20Address,
  isTrc20Address,
} from './addresses.js';

/** One character changed: a typo that keeps the address's shape. */
const typo = (address: string, at: number, to: string) => address.slice(0, at) + to + address.slice(at + 1);

describe('ERC20 addresses: 0x + 40 hex, EIP-55 checksum when mixed case', () => {
  // The test vectors of EIP-55.
  const EIP55 = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
  ];

  it.each(EIP55)('accepts %s', (address) => {
    expect(isErc20Address(address)).toBe(true);
  });

  it('spells the mixed-case vectors exactly as EIP-55 does', () => {
    for (const address of EIP55.slice(0, 4)) expect(`0x${eip55(address.slice(2).toLowerCase())}`).toBe(address);
  });

  it('accepts an address in one case (no checksum to check)', () => {
    expect(isErc20Address('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(true);
    expect(isErc20Address('0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(true);
  });

  it.each([
    ['one letter with the wrong case', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
    ['another one', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'.replace('fB69', 'Fb69')],
    ['a digit changed in a checksummed address', typo('0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', 10, '8')],
    ['39 hex digits', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['41 hex digits', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed0'],
    ['no 0x', '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed'],
    ['a non-hex letter', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg'],
    ['abc', 'abc'],
  ])('refuses %s', (_label, address) => {
    expect(isErc20Address(address)).toBe(false);
  });
});

describe('TRC20 addresses: base58check of 21 bytes starting 0x41', () => {
  // Tether's USDT contract on TRON, and a TRON wallet address.
  const VALID = ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8'];
  it.each(VALID)('accepts %s', (address) => expect(isTrc20Address(address)).toBe(true));

  it.each([
    ['a typo (checksum breaks)', typo('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 5, 'k')],
    ['the last character changed', typo('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', 33, '9')],
    ['a Bitcoin address (version 0x00)', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['a character outside base58 (0)', typo('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 5, '0')],
    ['a short T string', 'TXqueue'],
    ['empty', ''],
  ])('refuses %s', (_label, address) => {
    expect(isTrc20Address(address)).toBe(false);
  });
});

describe('BTC addresses: base58 P2PKH/P2SH, bech32 v0 and bech32m v1+ (BIP-173, BIP-350)', () => {
  it.each([
    ['P2PKH (the genesis address)', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['P2SH', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['v0 P2WPKH, upper case (BIP-350 vector)', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4'],
    ['v0 P2WPKH, lower case', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['v0 P2WSH (32 bytes)', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    ['v1 (BIP-350 vector, 40 bytes)', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y'],
    ['v16 with 2 bytes (BIP-350 vector)', 'BC1SW50QGDZ25J'],
    ['v2 with 16 bytes (BIP-350 vector)', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs'],
    ['v1 taproot (BIP-350 vector)', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
  ])('accepts %s', (_label, address) => {
    expect(isBtcAddress(address)).toBe(true);
  });

  it.each([
    ['P2PKH with a typo', typo('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 33, 'b')],
    ['P2SH with a typo', typo('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 4, 'u')],
    ['a TRON address (version 0x41)', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['a testnet base58 address (version 0x6f)', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'],
    ['bech32 with a typo', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['bech32m with a typo', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj1'],
    ['mixed case', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kV8F3T4'],
    ['a testnet prefix', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'],
    // BIP-350 invalid vectors: the checksum must match the witness version.
    ['v1 with the bech32 (v0) checksum', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'],
    ['v16 with the bech32 (v0) checksum', 'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL'],
    ['v0 with the bech32m checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'],
    ['a 1-byte program', 'bc1rw5uspcuh'],
    ['a 41-byte program', 'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90'],
    ['a v0 program of 16 bytes', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P'],
    ['no data', 'bc1gmk9yu'],
    ['made-up', 'bc1qdestination'],
  ])('refuses %s', (_label, address) => {
    expect(isBtcAddress(address)).toBe(false);
  });
});

describe('checkAddress: the network of a withdrawal and its address', () => {
  const ERC = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const TRC = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

  it('infers the network from the shape of the address', () => {
    expect(inferNetwork(ERC)).toBe('ERC20');
    expect(inferNetwork(TRC)).toBe('TRC20');
    expect(inferNetwork(BTC)).toBe('BTC');
    expect(inferNetwork('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe('BTC');
    expect(inferNetwork('abc')).toBeNull();
    expect(checkAddress('USDT', ERC)).toEqual({ ok: true, network: 'ERC20' });
    expect(checkAddress('USDT', TRC)).toEqual({ ok: true, network: 'TRC20' });
    expect(checkAddress('BTC', BTC)).toEqual({ ok: true, network: 'BTC' });
    expect(checkAddress('ETH', ERC)).toEqual({ ok: true, network: 'ERC20' });
  });

  it('names the network in the refusal of a broken address', () => {
    expect(checkAddress('USDT', typo(TRC, 5, 'k'))).toEqual({
      ok: false,
      field: 'address',
      message: { code: 'addresses.invalidFor', text: 'This is not a valid TRC20 address', params: { p0: 'TRC20' } },
    });
    expect(checkAddress('USDT', TRC, 'ERC20')).toMatchObject({
      message: { text: 'This is not a valid ERC20 address' },
    });
    expect(checkAddress('BTC', 'abc')).toMatchObject({ message: { text: 'This is not a valid BTC address' } });
    expect(checkAddress('USDT', 'abc')).toMatchObject({
      field: 'address',
      message: { text: 'This is not a valid USDT address on ERC20 or TRC20' },
    });
  });

  it('refuses a network that does not carry the currency, and unknown networks', () => {
    expect(checkAddress('USDT', BTC, 'BTC')).toEqual({
      ok: false,
      field: 'network',
      message: {
        code: 'addresses.networkDoesNotCarry',
        text: ADDRESS_MSG.networkDoesNotCarry('BTC', 'USDT', 'ERC20 or TRC20'),
        params: { p0: 'BTC', p1: 'USDT', p2: 'ERC20 or TRC20' },
      },
    });
    expect(ADDRESS_MSG.networkDoesNotCarry('BTC', 'USDT', 'ERC20 or TRC20')).toBe(
      'USDT cannot be withdrawn on the BTC network. Choose ERC20 or TRC20',
    );
    // A BTC address for a USDT withdrawal without a network: not a USDT address at all.
    expect(checkAddress('USDT', BTC)).toMatchObject({ ok: false, field: 'address' });
    expect(checkAddress('USDT', TRC, 'SOL')).toEqual({
      ok: false,
      field: 'network',
      message: { code: 'addresses.unknownNetwork', text: 'Please choose a network: ERC20, TRC20 or BTC' },
    });
  });
});

describe('the refusals have codes, so they are translated (docs/decisions/0043-languages.md)', () => {
  it("carries the code and the networks of a currency's address refusal, and each network's hash refusal", async () => {
    const { messageOfText } = await import('./message.js');
    const { DEPOSIT_MSG } = await import('./api/deposits.js');
    expect(checkAddress('USDT', 'abc')).toEqual({
      ok: false,
      field: 'address',
      message: {
        code: 'addresses.invalidForCurrency',
        text: 'This is not a valid USDT address on ERC20 or TRC20',
        params: { p0: 'USDT', p1: 'ERC20', p2: 'TRC20' },
      },
    });
    expect(messageOfText(DEPOSIT_MSG.invalidTxHash('TRC20'))?.code).toBe('deposits.invalidTxHashOn.TRC20');
  });
});
