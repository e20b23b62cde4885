export { NOTIFICATION_KINDS, notify, type NewNotification, type NotificationKind } from './notify.js';
