/** A test helper, not a test: an SMTP server on a free loopback port that keeps every message it receives. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the capture server received it. */
export interface CapturedMessage {
  /** The envelope's recipients (smtp-server's reading: punycode domains decoded). */
  to: string[];
  /** The envelope's sender ('' for a null sender). */
  from: string;
  /** The authenticated user ('' without AUTH). */
  user: string;
  /** The recipients of this message's RCPT TO commands as they came over the wire. */
  wireTo: string[];
  /** The raw message. */
  data: string;
}

/** What {@link captureSmtp} gives: the messages so far, every RCPT TO seen on the wire, the port, and a close. */
export interface CapturedSmtp {
  received: CapturedMessage[];
  /** The address of every `RCPT TO` command, as sent, accepted or not (clear it to start counting). */
  rcptSeen: string[];
  port: number;
  close(): Promise<void>;
}

/** Options of {@link captureSmtp}. */
export interface CaptureSmtpOptions {
  /** Require AUTH with these credentials (allowed without TLS: loopback only); default no AUTH. */
  auth?: { user: string; pass: string };
  /** Accept each message only after this long (a slow server). */
  acceptDelayMs?: number;
}

/** Starts a plain (no TLS) SMTP server that records each message whole. */
export async function captureSmtp(opts: CaptureSmtpOptions = {}): Promise<CapturedSmtp> {
  const received: CapturedMessage[] = [];
  const rcptSeen: string[] = [];
  // The commands as they came over the wire (smtp-server shows punycode domains decoded elsewhere).
  const wire = (...parts: unknown[]) => {
    const m = /C: RCPT TO:<(.*)>/.exec(parts.map(String).join(' '));
    if (m) rcptSeen.push(m[1] ?? '');
  };
  const noop = () => undefined;
  const { auth } = opts;
  const smtp = new SMTPServer({
    authOptional: !auth,
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    ...(auth
      ? {
          allowInsecureAuth: true,
          onAuth(a, _session, cb) {
            if (a.username === auth.user && a.password === auth.pass) cb(null, { user: a.username });
            else cb(new Error('Invalid username or password'));
          },
        }
      : {}),
    logger: { info: wire, debug: wire, error: noop, warn: noop, trace: noop, fatal: noop, level: () => 'debug', child: () => ({}) } as never,
    onData(stream, session, cb) {
      let data = '';
      stream.setEncoding('utf8');
      stream.on('data', (d: string) => {
        data += d;
      });
      stream.on('end', () => {
        const rcpt = session.envelope.rcptTo;
        const accept = () => {
          received.push({
            to: rcpt.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            user: session.user === undefined ? '' : String(session.user),
            wireTo: rcptSeen.slice(-rcpt.length),
            data,
          });
          cb();
        };
        if (opts.acceptDelayMs) setTimeout(accept, opts.acceptDelayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    received,
    rcptSeen,
    port: (smtp.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
