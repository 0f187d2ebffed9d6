import { modulePlugin } from '../../../http/module-plugin';
import { createTranslationsRepository } from './translations.repository';
import { registerTranslationRoutes } from './translations.routes';

export default modulePlugin({ name: 'translations' }, (api) => registerTranslationRoutes(api, api.routeRegistry, createTranslationsRepository(api.database.db)));
