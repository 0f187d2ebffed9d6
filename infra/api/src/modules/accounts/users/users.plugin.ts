import { modulePlugin } from '../../../http/module-plugin';
import { createUserClosure } from './closure';
import { INVITATION_TTL_SECONDS } from './invitation';
import { createUsersRepository } from './users.repository';
import { registerUsersRoutes } from './users.routes';
import { createUsersService } from './users.service';

export default modulePlugin({ name: 'users' }, (api) => {
  registerUsersRoutes(api, api.routeRegistry, createUsersService({ repo: createUsersRepository(api.database.db), invitationTtlSeconds: INVITATION_TTL_SECONDS, close: createUserClosure(api.database.db) }));
});
