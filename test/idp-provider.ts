/**
 * Registers a client application of a running reference server's OpenID provider, for the browser
 * tests (the `idp:create-client` wtr command, test/wtr-reference-server.mjs): the provider reads its
 * clients from the database on each request. Usage:
 * `node --import tsx test/idp-provider.ts <dataDir> '<CreateIdpClientOptions as JSON>'`; prints
 * `{ client_id, client_secret, project_id }`. With `--serve` instead of the options it stays up and
 * answers one JSON line `{ id, payload }` on stdin with one line `{ id, result }` or `{ id, error }`:
 * the runner starts it with the server, so a test's command does not wait for tsx to start (on a
 * loaded machine that took longer than the runner's 20 s limit for a command).
 */
import { createInterface } from 'node:readline';
import { registerClient } from '../demo/provider.ts';

const [dataDir, json] = process.argv.slice(2);
if (!dataDir || !json) throw new Error('usage: test/idp-provider.ts <dataDir> <options JSON | --serve>');
if (json === '--serve') {
  for await (const line of createInterface({ input: process.stdin })) {
    const { id, payload } = JSON.parse(line) as { id: number; payload: Parameters<typeof registerClient>[1] };
    const answer = await registerClient({ dataDir }, payload).then(
      (result) => ({ id, result }),
      (e: unknown) => ({ id, error: String(e) }),
    );
    process.stdout.write(`${JSON.stringify(answer)}\n`);
  }
} else {
  process.stdout.write(JSON.stringify(await registerClient({ dataDir }, JSON.parse(json))));
}
