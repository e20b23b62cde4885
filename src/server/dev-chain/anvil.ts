/**
 * A local chain from the npm package @foundry-rs/anvil (its binary ships in the package: no download),
 * on a free 127.0.0.1 port: for the custody tests and EVM_DEV_CHAIN=1. Never imported by production code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  type PublicClient,
  type TestClient,
  type WalletClient,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';

/** anvil's funded accounts derive from this public phrase (10 000 ETH each): the faucet's, never custody's. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

/** The binary of this platform's package, an optional dependency of @foundry-rs/anvil (e.g. -linux-amd64). */
function anvilBinary(): string {
  const fromAnvil = createRequire(createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json'));
  const platform = `@foundry-rs/anvil-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}`;
  return path.join(path.dirname(fromAnvil.resolve(`${platform}/package.json`)), 'bin', 'anvil');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Anvil {
  url: string;
  chainId: number;
  client: PublicClient;
  /** anvil_mine, evm_snapshot, evm_revert and the like. */
  test: TestClient;
  /** anvil's first funded account. */
  wallet: WalletClient;
  stop(): Promise<void>;
}

export async function startAnvil(options: { blockTime?: number; chainId?: number } = {}): Promise<Anvil> {
  const port = await freePort();
  const chainId = options.chainId ?? 31337;
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'];
  if (options.blockTime) args.push('--block-time', String(options.blockTime));
  const child: ChildProcess = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const chain = defineChain({
    id: chainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  const client = createPublicClient({ chain, transport: http(url) }) as PublicClient;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await client.getChainId();
      break;
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`anvil did not start: ${stderr || (error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    chainId,
    client,
    test: createTestClient({ chain, mode: 'anvil', transport: http(url) }),
    wallet: createWalletClient({ chain, transport: http(url), account: mnemonicToAccount(ANVIL_MNEMONIC) }),
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
