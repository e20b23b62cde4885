/** Placeholder until the wallet capability builds this screen. */
import { useParams } from 'react-router';
import { SubPagePlaceholder } from '../../components/PlaceholderPage';

export function WithdrawalPage() {
  const { currency = '' } = useParams();
  return <SubPagePlaceholder title={`Withdraw ${currency.toUpperCase()}`.trim()} />;
}
