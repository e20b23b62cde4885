/** Placeholder until the identity capability builds this screen. */
import { SubPagePlaceholder } from '../../components/PlaceholderPage';

export function IdentityVerificationPage() {
  return <SubPagePlaceholder title="Identity Verification" />;
}
