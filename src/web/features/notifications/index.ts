/** The notifications feature's public face (docs/decisions/0034-notifications.md): the bell's list and its unread count. */
import { lazy } from 'react';

/**
 * The list loads when the bell's sheet first opens: it brings the notifications' texts table and
 * zod, which Home's first paint does not wait for (docs/decisions/0085-server-rendered-first-paint.md).
 * Render it inside a Suspense boundary.
 */
export const NotificationsList = lazy(async () => ({
  default: (await import('./NotificationsList')).NotificationsList,
}));
export { useNotifications } from './api';
