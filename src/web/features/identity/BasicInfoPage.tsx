/** Placeholder until the identity capability builds this screen. */
import { SubPagePlaceholder } from '../../components/PlaceholderPage';

export function BasicInfoPage() {
  return <SubPagePlaceholder title="Basic Information" />;
}
