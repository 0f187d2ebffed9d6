// Runs the API on its own (the gateway mounts the same buildApp in the one-process setup).
import closeWithGrace from 'close-with-grace';
import { buildApp, demoAccounts } from './app';
import { loadEnv } from './env';

const env = loadEnv();
const app = await buildApp({ env });

// On SIGINT/SIGTERM: stop accepting connections, let in-flight requests finish, close the database.
closeWithGrace({ delay: env.shutdownGraceMs }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await app.close();
});

await app.listen({ host: env.host, port: env.port });
if (env.nodeEnv !== 'production' && env.seedDemo) {
  const lines = demoAccounts().map((a) => `  ${a.role.padEnd(16)} ${a.email.padEnd(48)} ${a.password}${a.twoFactor ? '  (two-factor)' : ''}`);
  app.log.info(`demo accounts:\n${lines.join('\n')}`);
}
const demoPunchout = app.demoPunchout;
if (env.nodeEnv !== 'production' && demoPunchout) {
  app.log.info(
    `demo punchout (hospital): cXML sender ${demoPunchout.cxml.domain}/${demoPunchout.cxml.identity}, OCI USERNAME ${demoPunchout.ociUser}, secret ${demoPunchout.secret}, return origins ${demoPunchout.returnOrigins.join(' ')}`,
  );
}
const demoClient = app.demoIntegrationClient;
if (env.nodeEnv !== 'production' && demoClient) {
  app.log.info(`demo integration client "${demoClient.name}" (every scope${demoClient.revoked ? '; revoked' : ''}): client_id ${demoClient.id} client_secret ${demoClient.secret}`);
}
