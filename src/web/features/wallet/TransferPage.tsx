/** Placeholder until the wallet capability builds this screen. */
import { useParams } from 'react-router';
import { SubPagePlaceholder } from '../../components/PlaceholderPage';

export function TransferPage() {
  const { currency = '' } = useParams();
  return <SubPagePlaceholder title={`Transfer ${currency.toUpperCase()}`.trim()} />;
}
