// Public entry of `@portal/shared/bus`.
export { bus, BUS_GLOBAL_KEY } from './bus';
export { createEventBus } from './event-bus';
export type { EventBus, Handler, EmitArgs, HandlerErrorReporter } from './event-bus';
export { globalSingleton } from './global-singleton';
export type {
  PortalEvents,
  PortalEventName,
  ToastType,
  ToastRequest,
  DialogKind,
  DialogRequest,
} from './events';
