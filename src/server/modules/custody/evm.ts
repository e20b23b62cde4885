/**
 * The EVM chain family through viem (docs/decisions/0056): deposit addresses from the custody
 * mnemonic at m/44'/60'/0'/0/<index> (BIP-44, Ethereum's coin type; the hot wallet will take another
 * account, m/44'/60'/1'/0/0, so a user index can never be it), ETH transfers from the blocks' own
 * transactions (successful receipts only) and USDT from its Transfer logs, its decimals read from the
 * contract. Nothing here is hand-rolled: keys, addresses and ABI are viem's and @scure's.
 */
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import {
  createPublicClient,
  erc20Abi,
  formatUnits,
  getAddress,
  http,
  toHex,
  webSocket,
  type Address,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { QUOTE_CURRENCY } from '../../../shared/constants.js';
import type { CustodyConfig } from '../../config.js';
import type { ChainBlock, ChainFamily, ChainTransfer } from './chain.js';

const ETH = 'ETH';
const ETH_DECIMALS = 18;
const transferEvent = erc20Abi.find((item) => item.type === 'event' && item.name === 'Transfer')!;

/** The chain's refusal when the node is not on EVM_CHAIN_ID (docs/decisions/0056). */
const wrongChainMessage = (expected: number, actual: number) =>
  `The EVM node at EVM_RPC_URL is on chain ${actual}, not EVM_CHAIN_ID ${expected}: refusing to watch or derive on the wrong chain`;

export interface EvmChain extends ChainFamily {
  readonly client: PublicClient;
  /** Refuses (throws wrongChainMessage) when the node's chain id is not EVM_CHAIN_ID. */
  checkChain(): Promise<number>;
  tokenDecimals(): Promise<number>;
  /** The USDT contract. */
  readonly token: Address;
  /** The hot wallet (m/44'/60'/1'/0/0, docs/decisions/0065): pays withdrawals, receives sweeps. */
  readonly hotWallet: PrivateKeyAccount;
  /** The signer of the deposit address at `index` (for its sweeps only). */
  signerAt(index: number): PrivateKeyAccount;
}

export function createEvmChain(config: CustodyConfig): EvmChain {
  const transport = /^wss?:/.test(config.rpcUrl) ? webSocket(config.rpcUrl) : http(config.rpcUrl);
  const client = createPublicClient({ transport }) as PublicClient;
  // The seed once (PBKDF2 of the phrase), then one derivation per address.
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(config.mnemonic));
  const token = config.usdtContract;
  const accountAt = (path: string) => privateKeyToAccount(toHex(root.derive(path).privateKey!));
  // Another BIP-44 account than the deposit addresses' (docs/decisions/0056): no user index reaches it.
  const hotWallet = accountAt(`m/44'/60'/1'/0/0`);

  const checkChain = async () => {
    const actual = await client.getChainId();
    if (config.chainId !== undefined && actual !== config.chainId)
      throw new Error(wrongChainMessage(config.chainId, actual));
    return actual;
  };
  const remembered = <T>(get: () => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => {
      value ??= get().catch((error: unknown) => {
        value = undefined; // a node that was down is asked again next time
        throw error;
      });
      return value;
    };
  };
  const chainIdOnce = remembered(checkChain);
  const tokenDecimals = remembered(() =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'decimals' }),
  );

  async function tokenTransfers(from: number, to: number, addresses: ReadonlyMap<string, string>) {
    const logs = await client.getLogs({
      address: token,
      event: transferEvent,
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
    });
    const places = await tokenDecimals();
    const found: ChainTransfer[] = [];
    for (const log of logs) {
      const stored = log.args.to ? addresses.get(log.args.to.toLowerCase()) : undefined;
      if (!stored || log.args.value === undefined || log.args.value === 0n || log.removed) continue;
      found.push({
        txHash: log.transactionHash.toLowerCase(),
        logIndex: log.logIndex,
        to: stored,
        currency: QUOTE_CURRENCY,
        amount: formatUnits(log.args.value, places),
        blockNumber: Number(log.blockNumber),
        blockHash: log.blockHash.toLowerCase(),
      });
    }
    return found;
  }

  /** ETH sent straight to a deposit address by a successful transaction (not by a contract's internal call). */
  async function nativeTransfers(from: number, to: number, addresses: ReadonlyMap<string, string>) {
    const found: ChainTransfer[] = [];
    for (let n = from; n <= to; n++) {
      const block = await client.getBlock({ blockNumber: BigInt(n), includeTransactions: true });
      for (const tx of block.transactions) {
        const stored = tx.to ? addresses.get(tx.to.toLowerCase()) : undefined;
        // Gas the hot wallet sends a deposit address for its token sweep is the house's, not a deposit (0065).
        if (!stored || tx.value === 0n || tx.from.toLowerCase() === hotWallet.address.toLowerCase()) continue;
        const receipt = await client.getTransactionReceipt({ hash: tx.hash });
        if (receipt.status !== 'success') continue;
        found.push({
          txHash: tx.hash.toLowerCase(),
          logIndex: -1,
          to: stored,
          currency: ETH,
          amount: formatUnits(tx.value, ETH_DECIMALS),
          blockNumber: n,
          blockHash: block.hash.toLowerCase(),
        });
      }
    }
    return found;
  }

  return {
    family: 'evm',
    network: 'ERC20',
    currencies: [QUOTE_CURRENCY, ETH],
    confirmations: config.confirmations,
    client,
    checkChain,
    tokenDecimals,
    token,
    hotWallet,
    signerAt: (index) => accountAt(`m/44'/60'/0'/0/${index}`),
    addressAt(index) {
      return getAddress(accountAt(`m/44'/60'/0'/0/${index}`).address);
    },
    async chainKey() {
      return `evm:${await chainIdOnce()}`;
    },
    async head(): Promise<ChainBlock> {
      const block = await client.getBlock({ blockTag: 'latest' });
      return { number: Number(block.number), hash: block.hash.toLowerCase() };
    },
    async blockHash(number) {
      try {
        const block = await client.getBlock({ blockNumber: BigInt(number) });
        return block.hash.toLowerCase();
      } catch (error) {
        if ((error as Error).name === 'BlockNotFoundError') return null;
        throw error;
      }
    },
    async transfersTo(from, to, addresses) {
      if (addresses.size === 0 || to < from) return [];
      return [...(await tokenTransfers(from, to, addresses)), ...(await nativeTransfers(from, to, addresses))];
    },
  };
}
