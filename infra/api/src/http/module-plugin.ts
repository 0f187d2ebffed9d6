// One API module as one named Fastify plugin (docs/decisions/041). The composition root (app.ts)
// registers the plugins in order inside the /api scope; `dependencies` names the plugins that must
// be registered before, so a module listed too early or without its provider fails at start.
// A module that shares a service with other modules (`shares: true`) decorates the /api scope with
// it; app.ts hands that service to the modules that need it as plugin options (modules never
// import each other, decision 015). Other modules stay encapsulated.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface ModuleMeta {
  name: string;
  /** Plugins this one needs registered first (besides the /api scope itself). */
  dependencies?: string[];
  /** true: the module decorates the /api scope with a service other modules are given. */
  shares?: boolean;
}

export function modulePlugin<Options extends object = Record<never, never>>(
  meta: ModuleMeta,
  register: (api: FastifyInstance, options: Options) => void | Promise<void>,
) {
  return fp<Options>(
    async (api, options) => {
      await register(api, options);
    },
    { name: meta.name, dependencies: ['api-scope', ...(meta.dependencies ?? [])], encapsulate: !meta.shares },
  );
}
