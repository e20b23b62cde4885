/** The notifications feature's public face (docs/decisions/0034-notifications.md): the bell's list and its unread count. */
export { NotificationsList } from './NotificationsList';
export { useNotifications } from './api';
