// An API instance in a process of its own, for tests that kill it (kill -9 during a bulk import).
// Its settings come as JSON in PORTAL_CHILD_ENV (the signing key base64); it prints `listening <port>`.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app';

const env = JSON.parse(process.env.PORTAL_CHILD_ENV!) as Record<string, unknown>;
env.jwtSigningKey = new Uint8Array(Buffer.from(env.jwtSigningKey as string, 'base64'));
const app = await buildApp({ env, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`listening ${(app.server.address() as AddressInfo).port}\n`);
