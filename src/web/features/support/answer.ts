/**
 * A bot answer as the support screen shows it: its prose, and the 'ERC20: <address>' lines of a
 * recharge-address answer pulled out as rows with a copy button (docs/product.md sections 2 and 3).
 */
import { depositAddressLines, type DepositNetwork } from '../../../shared/api/support';

interface AddressRow {
  network: DepositNetwork;
  address: string;
}

export interface ShownAnswer {
  text: string;
  addresses: AddressRow[];
}

export function splitAnswer(answer: string): ShownAnswer {
  const prose: string[] = [];
  const addresses: AddressRow[] = [];
  for (const line of answer.split('\n')) {
    const [row] = depositAddressLines(line);
    if (row) addresses.push(row);
    else prose.push(line);
  }
  return { text: prose.join('\n').trim(), addresses };
}
