/**
 * The test USDT (TestUsdt.sol) compiled with solc-js from npm and deployed to a local chain: for the
 * custody tests (tests/helpers/anvil.ts) and EVM_DEV_CHAIN=1 (dev-chain/index.ts). Never imported by
 * the production server: only those two load it, the dev chain lazily.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import solc from 'solc';
import { parseUnits, type Abi, type Address, type Hex, type PublicClient, type WalletClient } from 'viem';

const SOURCE = fileURLToPath(new URL('./TestUsdt.sol', import.meta.url));

interface Compiled {
  abi: Abi;
  bytecode: Hex;
}

let compiled: Compiled | undefined;

/** Compiles TestUsdt.sol once per process (a few seconds of solc-js). */
export function compileTestUsdt(): Compiled {
  if (compiled) return compiled;
  const input = {
    language: 'Solidity',
    sources: { 'TestUsdt.sol': { content: readFileSync(SOURCE, 'utf8') } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`TestUsdt.sol: ${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts['TestUsdt.sol']!.TestUsdt!;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

/** Deploys a fresh test USDT from the wallet's account and waits for it to be mined. */
export async function deployTestUsdt(wallet: WalletClient, client: PublicClient): Promise<Address> {
  const { abi, bytecode } = compileTestUsdt();
  const hash = await wallet.deployContract({ abi, bytecode, account: wallet.account!, chain: wallet.chain });
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  if (!receipt.contractAddress) throw new Error('TestUsdt: deployment made no contract');
  return receipt.contractAddress;
}

/** Sends the test USDT's `mint` or `transfer` of `amount` (a decimal string) to `to` from the wallet's account. */
function writeTestUsdt(
  wallet: WalletClient,
  token: Address,
  functionName: 'mint' | 'transfer',
  to: Address,
  amount: string,
): Promise<Hex> {
  return wallet.writeContract({
    address: token,
    abi: compileTestUsdt().abi,
    functionName,
    args: [to, parseUnits(amount, 6)],
    account: wallet.account!,
    chain: wallet.chain,
  });
}

/** Mints `amount` test USDT (a decimal string) to `to`; resolves with the transaction hash once sent. */
export const mintTestUsdt = (wallet: WalletClient, token: Address, to: Address, amount: string): Promise<Hex> =>
  writeTestUsdt(wallet, token, 'mint', to, amount);

/** Transfers `amount` test USDT from the wallet's account (which must hold it) to `to`. */
export const sendTestUsdt = (wallet: WalletClient, token: Address, to: Address, amount: string): Promise<Hex> =>
  writeTestUsdt(wallet, token, 'transfer', to, amount);
