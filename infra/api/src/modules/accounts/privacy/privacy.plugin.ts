// What the privacy policy promises (issue 44, decision 063). Two plugins, as invoices: the
// retention job on the root (tests call `app.accountRetention.runAt(now)`), handed every owner's
// PersonalDataPort in app.ts, and the routes inside /api (the download and closing one's own account).
import fp from 'fastify-plugin';
import type { PersonalDataPort } from '../contract';
import { modulePlugin } from '../../../http/module-plugin';
import { registerPrivacyRoutes } from './privacy.routes';
import { createPrivacyService } from './privacy.service';
import { createAccountRetention, type AccountRetention } from './retention-job';

declare module 'fastify' {
  interface FastifyInstance {
    /** Erases closed accounts past the retention period; tests call `runAt(now)`. */
    accountRetention: AccountRetention;
    /** The other owners' parts of a person's data. */
    personalData: readonly PersonalDataPort[];
  }
}

export const privacyService = fp<{ owners: readonly PersonalDataPort[] }>(
  async (app, { owners }) => {
    const env = app.apiEnv;
    const retention = createAccountRetention({ db: app.database.db, owners, retentionDays: env.accountRetentionDays, intervalMs: env.accountRetentionIntervalMs, log: app.log });
    app.decorate('accountRetention', retention);
    app.decorate('personalData', owners);
    app.addHook('onReady', async () => retention.start());
    app.addHook('preClose', async () => retention.stop());
  },
  { name: 'privacy-service', dependencies: ['config', 'database'] },
);

export default modulePlugin({ name: 'privacy', dependencies: ['privacy-service'] }, (api) => {
  registerPrivacyRoutes(api, api.routeRegistry, createPrivacyService({ db: api.database.db, owners: api.personalData, retentionDays: api.apiEnv.accountRetentionDays }));
});
