import { accountRequestLimit } from '../../../env';
import { modulePlugin } from '../../../http/module-plugin';
import { createNewsletterLinks } from './newsletter-links';
import { createNewsletterRepository } from './newsletter.repository';
import { registerNewsletterRoutes } from './newsletter.routes';
import { createNewsletterService } from './newsletter.service';

export default modulePlugin({ name: 'newsletter' }, (api) => {
  const service = createNewsletterService({ repo: createNewsletterRepository(api.database.db), links: createNewsletterLinks(api.deriveKey('newsletter-links')) });
  registerNewsletterRoutes(api, api.routeRegistry, service, accountRequestLimit(api.apiEnv));
});
