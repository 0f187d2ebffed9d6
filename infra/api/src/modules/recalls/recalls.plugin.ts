// Recalls and field safety notices (issue 42, decision 074): the staff's and the ERP's opening, the
// staff's follow-up and export, and the receiving organisations' notices and answers. The shipments
// ask the recalls' guard (recalls.guard.ts) through the port app.ts hands them.
import type { EventsPort } from '../integration-events/contract';
import { modulePlugin } from '../../http/module-plugin';
import { registerRecallsRoutes } from './recalls.routes';
import { createRecallsService } from './recalls.service';

export default modulePlugin<{ events: EventsPort }>({ name: 'recalls' }, (api, { events }) => {
  registerRecallsRoutes(api, api.routeRegistry, createRecallsService({ db: api.database.db, events }));
});
