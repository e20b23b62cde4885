/** Placeholder until the support capability builds this screen. */
import { SubPagePlaceholder } from '../../components/PlaceholderPage';
import { PATHS } from '../../lib/paths';

export function AdminChatPage() {
  return <SubPagePlaceholder title="Admin Chat" fallback={PATHS.adminDashboard} />;
}
