import { modulePlugin } from '../../../http/module-plugin';
import { createContactRepository } from './contact.repository';
import { registerContactRoutes } from './contact.routes';
import { createContactService } from './contact.service';

export default modulePlugin({ name: 'contact' }, (api) => {
  const service = createContactService({
    repo: createContactRepository(api.database.db),
    settings: { limit: 5, windowSeconds: 3600, fallbackRecipient: api.apiEnv.mailSalesTo },
    limiter: api.stores.limiter,
  });
  registerContactRoutes(api, api.routeRegistry, service);
});
