// `npm start`'s server: the API service with the gateway in front, one process on one origin.
import closeWithGrace from 'close-with-grace';
import { buildApp, demoAccounts } from '@portal/api';
import { registerBackupFreshness } from './backup-freshness';
import { readGatewayEnv } from './env';
import { registerGateway } from './gateway';
import { storeLiveVersions } from './live-versions';

const env = readGatewayEnv();
// The API reads its own settings (database, keys, LOG_LEVEL) from its env module; we add the front door.
// The beacons count only the builds the store has live or in a canary (decision 072).
const app = await buildApp({ beaconVersions: storeLiveVersions(env.storeDir, env.environment) });
await registerGateway(app, {
  storeDir: env.storeDir,
  environment: env.environment,
  versionPollMs: env.versionPollMs,
  oauthClient: { id: app.apiEnv.oauthClientId, secret: app.apiEnv.oauthClientSecret },
});
// On PostgreSQL, backups are the operator's (`pnpm ops backup`, decision 073): the age of the last good
// one is a metric, so that an alert fires when they stop. The embedded PGlite has none to watch.
if (app.apiEnv.databaseUrl) registerBackupFreshness(env.backupDir);
await app.listen({ port: env.port, host: env.host });

const shownHost = env.host === '0.0.0.0' || env.host === '127.0.0.1' ? 'localhost' : env.host;
const lines = [`Portal (${env.environment}) on http://${shownHost}:${env.port}/en`, `Store: ${env.storeDir}`];
// Same rule as the API's own server: demo accounts exist (and are shown) only outside production.
if (app.apiEnv.seedDemo && app.apiEnv.nodeEnv !== 'production') {
  lines.push('Demo accounts:');
  for (const a of demoAccounts()) {
    lines.push(`  ${a.role.padEnd(16)} ${a.email.padEnd(48)} ${a.password}${a.twoFactor ? '  (two-factor)' : ''}${a.alsoMemberOf ? `  (also ${a.alsoMemberOf}: switch in the header)` : ''}`);
  }
}
// The demo punchout identities of the hospital's procurement system: docs/punchout.md.
const demoPunchout = app.demoPunchout;
if (demoPunchout && app.apiEnv.nodeEnv !== 'production') {
  lines.push('Demo punchout (Zorggroep Scheldeland):');
  lines.push(`  cXML sender    ${demoPunchout.cxml.domain} / ${demoPunchout.cxml.identity}`, `  OCI USERNAME   ${demoPunchout.ociUser}`, `  secret         ${demoPunchout.secret}`);
  lines.push(`  return origins ${demoPunchout.returnOrigins.join(' ')}`);
}
// The integration API's demo client (every scope): docs/erp-guide.md.
const demoClient = app.demoIntegrationClient;
if (demoClient && app.apiEnv.nodeEnv !== 'production') {
  lines.push(`Demo integration client "${demoClient.name}" (every scope${demoClient.revoked ? '; REVOKED' : ''}):`);
  lines.push(`  client_id      ${demoClient.id}`, `  client_secret  ${demoClient.secret}`);
}
console.log(`\n${lines.join('\n')}\n`);

// Graceful shutdown (decision 022) on SIGTERM/SIGINT: app.close() first runs the preClose hooks
// (readiness answers 503, the jobs stop), then stops accepting connections, lets in-flight requests
// finish (their keep-alive connections close after the answer; idle ones at once), and closes the
// database. Exit 0 when done; exit 1 if it takes longer than SHUTDOWN_GRACE_MS (default 10 s) or
// on a second signal.
closeWithGrace({ delay: app.apiEnv.shutdownGraceMs, logger: { error: (message: unknown) => app.log.error(message) } }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down: draining requests');
  await app.close();
});
