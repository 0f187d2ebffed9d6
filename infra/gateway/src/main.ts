// `npm start`'s server: the API service with the gateway in front, one process on one origin.
import { buildApp, demoAccounts } from '@portal/api';
import { readGatewayEnv } from './env';
import { registerGateway } from './gateway';

const env = readGatewayEnv();
// The API reads its own settings (database, keys, LOG_LEVEL) from its env module; we add the front door.
const app = await buildApp();
await registerGateway(app, {
  storeDir: env.storeDir,
  environment: env.environment,
  versionPollMs: env.versionPollMs,
  oauthClient: { id: app.apiEnv.oauthClientId, secret: app.apiEnv.oauthClientSecret },
});
await app.listen({ port: env.port, host: env.host });

const shownHost = env.host === '0.0.0.0' || env.host === '127.0.0.1' ? 'localhost' : env.host;
const lines = [`Portal (${env.environment}) on http://${shownHost}:${env.port}/en`, `Store: ${env.storeDir}`];
// Same rule as the API's own server: demo accounts exist (and are shown) only outside production.
if (app.apiEnv.seedDemo && app.apiEnv.nodeEnv !== 'production') {
  lines.push('Demo accounts:');
  for (const a of demoAccounts()) {
    lines.push(`  ${a.role.padEnd(16)} ${a.email.padEnd(48)} ${a.password}${a.twoFactor ? '  (two-factor)' : ''}`);
  }
}
console.log(`\n${lines.join('\n')}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
