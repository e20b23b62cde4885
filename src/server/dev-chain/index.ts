/**
 * EVM_DEV_CHAIN=1 (docs/decisions/0056): a newcomer's chain. Starts anvil from the npm package with a
 * block every 3 seconds, deploys the test USDT, mints it to anvil's first (public, funded) account,
 * and points this process's environment at it with 1 confirmation, before the configuration is read.
 * main.ts imports this file lazily, only then; workers inherit the environment and start nothing.
 */
import { startAnvil } from './anvil.js';
import { deployTestUsdt, mintTestUsdt } from './token.js';

const DEV_BLOCK_SECONDS = 3;
const FAUCET_SUPPLY = '1000000000';

export async function startDevChain(env: NodeJS.ProcessEnv): Promise<() => Promise<void>> {
  if (env.NODE_ENV === 'production')
    throw new Error('Invalid configuration: EVM_DEV_CHAIN: is a local test chain and cannot run in production');
  const anvil = await startAnvil({ blockTime: DEV_BLOCK_SECONDS });
  const token = await deployTestUsdt(anvil.wallet, anvil.client);
  await anvil.client.waitForTransactionReceipt({
    hash: await mintTestUsdt(anvil.wallet, token, anvil.wallet.account!.address, FAUCET_SUPPLY),
  });
  Object.assign(env, {
    EVM_RPC_URL: anvil.url,
    EVM_CHAIN_ID: String(anvil.chainId),
    USDT_ERC20_CONTRACT: token,
    EVM_CONFIRMATIONS: '1',
    CUSTODY_POLL_INTERVAL_MS: '2000',
  });
  console.log(
    `\n  Dev chain: anvil at ${anvil.url}, test USDT at ${token}, 1 confirmation, a block every ${DEV_BLOCK_SECONDS} s\n`,
  );
  return () => anvil.stop();
}
