import { modulePlugin } from '../../../http/module-plugin';
import { createImagesRepository } from './images.repository';
import { registerImageRoutes } from './images.routes';
import { createImagesService } from './images.service';

export default modulePlugin({ name: 'images' }, (api) => registerImageRoutes(api, api.routeRegistry, createImagesService({ repo: createImagesRepository(api.database.db) })));
