/**
 * A real local chain for the custody tests (docs/architecture.md "Custody"): anvil from npm on a free
 * port with a freshly deployed test USDT (6 decimals, compiled by solc-js once per test file), and the
 * environment that points a test app at it. Stop it in afterAll.
 */
import { parseEther, parseUnits, type Address, type Hex } from 'viem';
import { startAnvil, type Anvil } from '../../src/server/dev-chain/anvil.js';
import { compileTestUsdt, deployTestUsdt, mintTestUsdt, sendTestUsdt } from '../../src/server/dev-chain/token.js';

/** A fixed custody phrase (BIP-39's test vector), so derived addresses can be checked independently. */
export const TEST_CUSTODY_MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

export interface TestChain extends Anvil {
  token: Address;
  /** EVM_RPC_URL and the rest for createTestApp's env. */
  env: NodeJS.ProcessEnv;
  /** Sends test USDT from anvil's funded account (minted to it first); mined at once (automine). */
  sendUsdt(to: string, amount: string): Promise<Hex>;
  /** One transaction, one Transfer log per recipient (TestUsdt.transferMany). */
  sendUsdtMany(payouts: [to: string, amount: string][]): Promise<Hex>;
  sendEth(to: string, amount: string): Promise<Hex>;
  mine(blocks: number): Promise<void>;
}

export async function startTestChain(confirmations = 3): Promise<TestChain> {
  const anvil = await startAnvil();
  const token = await deployTestUsdt(anvil.wallet, anvil.client);
  const faucet = anvil.wallet.account!.address;
  await anvil.client.waitForTransactionReceipt({
    hash: await mintTestUsdt(anvil.wallet, token, faucet, '100000000'),
    pollingInterval: 50,
  });
  const mined = async (hash: Hex) => {
    await anvil.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return hash;
  };
  return {
    ...anvil,
    token,
    env: {
      EVM_RPC_URL: anvil.url,
      EVM_CHAIN_ID: String(anvil.chainId),
      USDT_ERC20_CONTRACT: token,
      EVM_CONFIRMATIONS: String(confirmations),
      CUSTODY_MNEMONIC: TEST_CUSTODY_MNEMONIC,
    },
    sendUsdt: async (to, amount) => mined(await sendTestUsdt(anvil.wallet, token, to as Address, amount)),
    sendUsdtMany: async (payouts) =>
      mined(
        await anvil.wallet.writeContract({
          address: token,
          abi: compileTestUsdt().abi,
          functionName: 'transferMany',
          args: [payouts.map(([to]) => to), payouts.map(([, amount]) => parseUnits(amount, 6))],
          account: anvil.wallet.account!,
          chain: anvil.wallet.chain,
        }),
      ),
    sendEth: async (to, amount) =>
      mined(
        await anvil.wallet.sendTransaction({
          to: to as Address,
          value: parseEther(amount),
          account: anvil.wallet.account!,
          chain: anvil.wallet.chain,
        }),
      ),
    mine: (blocks) => anvil.test.mine({ blocks }),
  };
}
