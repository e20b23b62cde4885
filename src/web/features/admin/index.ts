/** Screens of the staff console (loaded as one chunk). */
// The route table's AdminDashboardPage is the whole console: the Dashboard tabs or the Users / Settings view.
export { AdminConsolePage as AdminDashboardPage } from './AdminConsolePage';
