/**
 * Registers a client application of a running reference server's OpenID provider, for the browser
 * tests (the `idp:create-client` wtr command, test/wtr-reference-server.mjs): the provider reads its
 * clients from the database on each request. Usage:
 * `node --import tsx test/idp-provider.ts <dataDir> '<CreateIdpClientOptions as JSON>'`; prints
 * `{ client_id, client_secret, project_id }`.
 */
import { registerClient } from '../demo/provider.ts';

const [dataDir, json] = process.argv.slice(2);
if (!dataDir || !json) throw new Error('usage: test/idp-provider.ts <dataDir> <options JSON>');
process.stdout.write(JSON.stringify(await registerClient({ dataDir }, JSON.parse(json))));
