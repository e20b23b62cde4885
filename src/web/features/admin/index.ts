/** Screens of the staff console (loaded as one chunk): /admin/dashboard with its Dashboard, Users and Settings views. */
export { AdminConsolePage } from './AdminConsolePage';
