/**
 * The dev chain's faucet (EVM_DEV_CHAIN=1 only): sends test USDT or ETH from anvil's first account,
 * whose key is public (Foundry's "test test ... junk" phrase) and holds the minted test supply.
 */
import { createWalletClient, erc20Abi, http, parseEther, parseUnits, type Address, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC } from './anvil.js';

export async function sendFromFaucet(
  rpcUrl: string,
  token: Address,
  to: Address,
  currency: 'USDT' | 'ETH',
  amount: string,
): Promise<Hex> {
  const wallet = createWalletClient({ transport: http(rpcUrl), account: mnemonicToAccount(ANVIL_MNEMONIC) });
  const chain = { id: await wallet.getChainId() } as Parameters<typeof wallet.sendTransaction>[0]['chain'];
  if (currency === 'ETH')
    return wallet.sendTransaction({ to, value: parseEther(amount), chain, account: wallet.account });
  return wallet.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, 6)],
    chain,
    account: wallet.account,
  });
}
