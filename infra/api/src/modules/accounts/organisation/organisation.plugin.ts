import { modulePlugin } from '../../../http/module-plugin';
import { createOrganisationRepository } from './organisation.repository';
import { registerOrganisationRoutes } from './organisation.routes';
import { createOrganisationService } from './organisation.service';

export default modulePlugin({ name: 'organisation' }, (api) => {
  registerOrganisationRoutes(api, api.routeRegistry, createOrganisationService({ repo: createOrganisationRepository(api.database.db) }));
});
