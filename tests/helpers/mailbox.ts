/** A mailer that keeps messages in memory, so tests can read the codes a user would get. */
import type { MailMessage, Mailer } from '../../src/server/lib/mail.js';

export interface Mailbox extends Mailer {
  messages: MailMessage[];
  /** The newest 6-digit code sent to `email` (alerts without a code, like a new-device mail, are skipped). */
  lastCode(email: string): string;
}

export function createMailbox(): Mailbox {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
    lastCode(email) {
      const code = [...messages]
        .reverse()
        .filter((m) => m.to === email.toLowerCase())
        // Past the anti-phishing line (docs/security.md), which a user may have made of digits.
        .map((m) => m.text.replace(/^Your Coinfront anti-phishing code: .*$/m, '').match(/\b(\d{6})\b/)?.[1])
        .find(Boolean);
      if (!code) throw new Error(`no code was mailed to ${email}`);
      return code;
    },
  };
}
