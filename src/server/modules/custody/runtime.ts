/** One chain client per configuration (docs/decisions/0056): the address list and the watcher share it. */
import type { Config, CustodyConfig } from '../../config.js';
import { createEvmChain, type EvmChain } from './evm.js';

const chains = new WeakMap<CustodyConfig, EvmChain>();

/** The EVM chain custody follows, or undefined without EVM_RPC_URL (the product as before). */
export function custodyChainOf(config: Pick<Config, 'custody'>): EvmChain | undefined {
  if (!config.custody) return undefined;
  let chain = chains.get(config.custody);
  if (!chain) {
    chain = createEvmChain(config.custody);
    chains.set(config.custody, chain);
  }
  return chain;
}
