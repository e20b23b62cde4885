/** Placeholder until the wallet capability builds this screen. */
import { useParams } from 'react-router';
import { SubPagePlaceholder } from '../../components/PlaceholderPage';

export function AssetDetailPage() {
  const { currency = '' } = useParams();
  return <SubPagePlaceholder title={`${currency.toUpperCase()} Asset`.trim()} />;
}
