/**
 * The anti-phishing code in every mail (docs/security.md "## Withdrawal protection and
 * anti-phishing"): one wrapper around the app's Mailer (bootstrap.ts createContext), so every mail
 * any module sends - codes, alerts, notifications, and the ones added later - carries the
 * recipient's code on its first line once they have set one. A phishing mail cannot know it.
 *
 * If the code cannot be looked up, the mail is not sent (the error goes to the caller): a mail
 * without the code would teach the user to trust mails without it.
 */
import { fillText } from '../../../shared/api/notifications.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../lib/mail.js';
import { notificationTextIn } from '../notifications/index.js';
import { antiPhishingCodeOf } from './protection.js';

/** The line in the user's language (users.language), as the mails that follow it. */
const antiPhishingLine = ({ code, language }: { code: string; language: string }) =>
  fillText(notificationTextIn(language)('antiPhishingLine') ?? '', { code });

export function withAntiPhishingCode(mailer: Mailer, db: Db): Mailer {
  return {
    async send(message) {
      const found = await antiPhishingCodeOf(db, message.to);
      await mailer.send(found ? { ...message, text: `${antiPhishingLine(found)}\n\n${message.text}` } : message);
    },
  };
}
