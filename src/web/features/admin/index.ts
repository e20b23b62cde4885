/** Screens of the staff console (loaded as one chunk). */
export { AdminDashboardPage } from './AdminDashboardPage';
