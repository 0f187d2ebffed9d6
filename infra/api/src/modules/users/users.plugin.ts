import { modulePlugin } from '../../http/module-plugin';
import { createUsersRepository } from './users.repository';
import { registerUsersRoutes } from './users.routes';
import { createUsersService } from './users.service';

export default modulePlugin({ name: 'users' }, (api) => {
  registerUsersRoutes(api, api.routeRegistry, createUsersService({ repo: createUsersRepository(api.database.db), invitationTtlSeconds: 7 * 86_400 }));
});
