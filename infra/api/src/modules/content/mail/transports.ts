// Where messages go: mail over SMTP (nodemailer) when SMTP_URL is set, SMS through a provider
// interface. Without SMTP the development transport only logs (the dev mailbox shows the mail).
import nodemailer from 'nodemailer';
import type { RenderedMessage } from './templates';

/** A file attached to a mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Sends one mail; throws on failure (the dispatcher retries). */
export interface MailTransport {
  readonly name: string;
  send(mail: { to: string; from: string; message: RenderedMessage; id: number; attachments?: MailAttachment[] }): Promise<void>;
  close?(): void;
}

/** Sends one text message; throws on failure. A real provider (e.g. an SMS gateway's HTTP API) implements this. */
export interface SmsProvider {
  readonly name: string;
  send(sms: { to: string; text: string; id: number }): Promise<void>;
}

type Log = { info(obj: object, msg?: string): void };

export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send({ to, from, message, id, attachments = [] }) {
      await transporter.sendMail({
        to,
        from,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
        // Retries after a crash between send and commit resend the mail: the id lets receivers de-duplicate.
        messageId: `<outbox-${id}@portal>`,
      });
    },
    close: () => transporter.close(),
  };
}

/** Development and test: "delivers" by logging the subject only (codes stay out of logs). */
export function createLogTransport(log: Log): MailTransport {
  return {
    name: 'log',
    async send({ to, message, id, attachments = [] }) {
      log.info({ outboxId: id, to, subject: message.subject, attachments: attachments.map((a) => a.filename) }, 'mail (not sent: SMTP_URL is not set)');
    },
  };
}

/** Development SMS provider: logs that a message would be sent. */
export function createLoggingSmsProvider(log: Log): SmsProvider {
  return {
    name: 'log',
    async send({ to, id }) {
      log.info({ outboxId: id, to }, 'sms (not sent: development provider)');
    },
  };
}
