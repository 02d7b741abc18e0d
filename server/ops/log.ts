/**
 * Structured logs (issue 18): one JSON object per line, with `time`, `level` and named fields, so any log
 * pipeline ingests them. A tiny writer rather than a logging library: the server writes a handful of line
 * shapes to one sink (stderr by default), levels are a threshold compare, and what matters, never writing a
 * secret, is a property of the call sites (route *patterns*, never raw paths or bodies; addresses masked),
 * which no library enforces. Levels: debug < info < warn < error (LOG_LEVEL, default info).
 */

/** Log levels, least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
/** One log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** True when a line at `level` passes the `threshold`. */
export function levelEnabled(level: LogLevel, threshold: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) >= LOG_LEVELS.indexOf(threshold);
}

/** The JSON line for `fields` at `level` (time first, so lines sort and read well). */
export function logLine(level: LogLevel, fields: Record<string, unknown>): string {
  return JSON.stringify({ time: new Date().toISOString(), level, ...fields });
}

/**
 * An address fit for a log line: an email keeps only its domain (`***@example.com`), a phone number only
 * its last two digits. Support can still tell which provider or region a failure concerns; the log never
 * identifies the person.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at !== -1) return `***${address.slice(at)}`;
  const digits = address.replace(/\D/g, '');
  return digits.length > 2 ? `***${digits.slice(-2)}` : '***';
}

/** Incoming `X-Request-Id` values kept as the request's id: 8 to 128 characters of a safe alphabet. */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/** The caller's request id when it is sane (a proxy's or a client's correlation id), else undefined. */
export function incomingRequestId(header: string | undefined): string | undefined {
  return header !== undefined && SANE_REQUEST_ID.test(header) ? header : undefined;
}

/**
 * Most bytes of one batched write: POSIX PIPE_BUF (4096 on Linux), so a write to a pipe is atomic and the
 * lines of several processes sharing one stderr (WORKERS) never interleave mid-line.
 */
export const LOG_BATCH_MAX_BYTES = 4096;

let batch: ((line: string) => void) | undefined;

/**
 * The default sink (stderr): the lines of one event-loop turn go out in one write (`setImmediate`),
 * not one write per line. Under load the request log was one synchronous write per request, as costly
 * as the response's own. A batch never exceeds {@link LOG_BATCH_MAX_BYTES} (a longer line goes alone, as
 * before); `error` lines and whatever is pending when the process exits are written at once; a SIGKILL
 * can lose at most one turn's lines.
 * One batch per process, whatever the number of apps.
 */
export function stderrLog(): (line: string) => void {
  if (batch) return batch;
  let pending: string[] = [];
  let bytes = 0;
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const out = `${pending.join('\n')}\n`;
    pending = [];
    bytes = 0;
    process.stderr.write(out);
  };
  process.on('exit', flush);
  batch = (line: string) => {
    const size = Buffer.byteLength(line) + 1;
    if (pending.length > 0 && bytes + size > LOG_BATCH_MAX_BYTES) flush();
    pending.push(line);
    bytes += size;
    if (bytes >= LOG_BATCH_MAX_BYTES || line.includes('"level":"error"')) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  return batch;
}
