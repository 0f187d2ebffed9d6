// A real SMTP server for the instances to deliver to (as in the API's dispatcher test): it keeps
// every message it accepted, so a test can count the confirmations per order number. Recipients can
// be refused for a while (451, a temporary failure) to keep mail queued in the outbox on purpose.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  /** The Message-ID header: the outbox gives each message one, kept across re-deliveries. */
  messageId: string;
  /** When the server accepted it (Date.now()). */
  at: number;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Refuses mail to this address (451) until `accept` is called for it. */
  refuse(address: string): void;
  accept(address: string): void;
  /** How many accepted messages have a subject containing `needle`. */
  count(needle: string): number;
  close(): Promise<void>;
}

const recipientOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? '';

export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Many instances deliver at once in the crash test.
    maxClients: 100,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        const err = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
        err.responseCode = 451;
        return callback(err);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: recipientOf(mail).toLowerCase(), subject: mail.subject ?? '', text: mail.text ?? '', messageId: mail.messageId ?? '', at: Date.now() });
          callback();
        })
        .catch(callback);
    },
  });
  // A connection reset in the middle of a message (the crash test kills a sender while it delivers)
  // is emitted on the server; without a listener it would be an uncaught exception of the test run.
  // The message was not accepted, so it is not in `received`: the outbox sends it again.
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    refuse: (a) => void refused.add(a.toLowerCase()),
    accept: (a) => void refused.delete(a.toLowerCase()),
    count: (needle) => received.filter((m) => m.subject.includes(needle)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
