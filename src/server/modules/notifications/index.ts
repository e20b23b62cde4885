/** The notifications module's public face: what app.ts and other modules may import (the rest is internal). */
export { NOTIFICATION_KINDS, notify, type NewNotification, type NotificationKind } from './notify.js';
export { chatReplied, identityDecided, tradeSettled, transactionDecided } from './notices.js';
export { mailNotifications } from './mail.js';
export { catalogTextIn, notificationTextIn } from './texts.js';
export { notificationsModule } from './routes.js';
