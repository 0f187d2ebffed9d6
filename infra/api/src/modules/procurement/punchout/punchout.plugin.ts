// The punchout module (issue 34, decision 052): cXML and OCI round trips with a buyer's procurement
// system. The cart and the catalogue (their services) and the oauth module's sign-in are given by
// the composition root (app.ts).
import type { SignInPort } from '../../accounts/contract';
import { modulePlugin } from '../../../http/module-plugin';
import { createPunchoutRepository } from './punchout.repository';
import { registerPunchoutRoutes } from './punchout.routes';
import { createPunchoutService, type PunchoutCart, type PunchoutProducts } from './punchout.service';

export interface PunchoutOptions {
  cart: PunchoutCart;
  products: PunchoutProducts;
  signIn: SignInPort;
}

export default modulePlugin<PunchoutOptions>({ name: 'punchout', dependencies: ['cart', 'catalog'] }, (api, { cart, products, signIn }) => {
  const env = api.apiEnv;
  const db = api.database.db;
  const service = createPunchoutService({ db, repo: createPunchoutRepository(db), signIn, cart, products, publicBaseUrl: env.publicBaseUrl, startTtlSeconds: env.punchoutStartTtlSeconds });
  registerPunchoutRoutes(api, api.routeRegistry, service, {
    db,
    publicBaseUrl: env.publicBaseUrl,
    refreshTokenTtlSeconds: env.refreshTokenTtlSeconds,
    rateLimit: { max: env.punchoutRequestLimit, timeWindow: 60_000 },
  });
});
