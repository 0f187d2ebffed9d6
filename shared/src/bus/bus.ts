import { createEventBus, type EventBus } from './event-bus';
import type { PortalEvents } from './events';
import { globalSingleton } from './global-singleton';

/** `Symbol.for` key of the portal's bus on `globalThis`. */
export const BUS_GLOBAL_KEY = '@portal/shared/bus';

/** The portal's one event bus, the same object in every separately built bundle. */
export const bus: EventBus<PortalEvents> = globalSingleton(BUS_GLOBAL_KEY, () =>
  createEventBus<PortalEvents>(),
);
