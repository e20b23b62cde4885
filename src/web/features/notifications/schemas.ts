/**
 * The bell's schemas and zod, loaded on first use by api.ts (a request, a pushed frame) rather than
 * with Home (docs/decisions/0085-server-rendered-first-paint.md, step 1).
 */
import { z } from 'zod';
import { notificationsPage } from '../../../shared/api/notifications';

export { languageAnswer, markReadAnswer, notificationsPage } from '../../../shared/api/notifications';

/** A `notifications@user.<id>` frame: the first page, as GET answers it, marked with its event. */
export const pushFrame = notificationsPage.extend({ e: z.literal('notifications') });
