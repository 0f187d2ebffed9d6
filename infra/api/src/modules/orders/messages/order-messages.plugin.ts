import { modulePlugin } from '../../../http/module-plugin';
import { createOrderMessagesRepository } from './order-messages.repository';
import { registerOrderMessageRoutes } from './order-messages.routes';
import { createOrderMessagesService } from './order-messages.service';

export default modulePlugin({ name: 'order-messages' }, (api) => {
  registerOrderMessageRoutes(api, api.routeRegistry, createOrderMessagesService({ repo: createOrderMessagesRepository(api.database.db) }));
});
