/** Screens of the staff console (loaded as one chunk): /admin/dashboard with its Dashboard, Users, Books and Settings views. */
export { AdminConsolePage } from './AdminConsolePage';
