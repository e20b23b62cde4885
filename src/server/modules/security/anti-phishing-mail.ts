/**
 * The anti-phishing code in every mail (issue 16; docs/security.md "## Withdrawal protection and
 * anti-phishing"): one wrapper around the app's Mailer (bootstrap.ts createContext), so every mail
 * any module sends - codes, alerts, notifications, and the ones added later - carries the
 * recipient's code on its first line once they have set one. A phishing mail cannot know it.
 *
 * If the code cannot be looked up, the mail is not sent (the error goes to the caller): a mail
 * without the code would teach the user to trust mails without it.
 */
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../lib/mail.js';
import { antiPhishingCodeOf } from './protection.js';

const antiPhishingLine = (code: string) => `Your Coinfront anti-phishing code: ${code}`;

export function withAntiPhishingCode(mailer: Mailer, db: Db): Mailer {
  return {
    async send(message) {
      const code = await antiPhishingCodeOf(db, message.to);
      await mailer.send(code ? { ...message, text: `${antiPhishingLine(code)}\n\n${message.text}` } : message);
    },
  };
}
