/** Outgoing mail: SMTP when SMTP_URL is set, else a dev outbox of .eml files plus one console line. */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { isDemoEmail } from './demo-guard.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: (line: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        if (isDemoEmail(message.to)) return; // a demo account has no mailbox (docs/decisions/0063)
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The outbox holds sign-up and reset codes: its owner's alone (a folder made earlier with looser modes too).
  mkdirSync(options.outboxDir, { recursive: true, mode: 0o700 });
  chmodSync(options.outboxDir, 0o700);
  return {
    async send(message) {
      if (isDemoEmail(message.to)) return; // a demo account has no mailbox (docs/decisions/0063)
      const info = await stream.sendMail({ from: options.from, ...message });
      // Wall time on purpose: it only names (and sorts) the outbox files of a development setup.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`;
      const file = path.join(options.outboxDir, name);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      // Never the subject or the body: they carry codes (docs/security.md "Hygiene").
      options.log(`mail to ${message.to} written to ${file}`);
    },
  };
}
