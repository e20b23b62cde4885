/** The notifications feature's public face (issue 19): the bell's list and its unread count. */
export { NotificationsList } from './NotificationsList';
export { useNotifications } from './api';
