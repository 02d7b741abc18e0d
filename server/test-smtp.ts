/** A test helper, not a test: an SMTP server on a free loopback port that keeps every message it receives. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What {@link captureSmtp} gives: the messages so far (envelope recipients, raw data), the port, and a close. */
export interface CapturedSmtp {
  received: { to: string[]; data: string }[];
  port: number;
  close(): Promise<void>;
}

/** Starts a plain (no TLS, no auth) SMTP server that records each message whole. */
export async function captureSmtp(): Promise<CapturedSmtp> {
  const received: CapturedSmtp['received'] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, cb) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (d: string) => {
        data += d;
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    received,
    port: (smtp.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
