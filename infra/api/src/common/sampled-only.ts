// Lets only sampled requests into @fastify/otel (decision 092). Unsampled, a request used to pass
// through all of its work (the ignore checks, the caller's traceparent parsed again, the sampler,
// a non-recording span for the request and another for its handler, their contexts, a promise
// wrapped around the handler): 16 to 27 µs of CPU per request, a tenth of a cached catalogue answer.
// The decision is taken once, where the request id is chosen (tracing.ts), by the same sampler the
// SDK asks later, so it is the SDK's own. @fastify/otel is given a view of the app whose `addHook`
// and `setNotFoundHandler` put a gate before what it registers: its request hooks return at once,
// and a route's handler (or the not-found handler) is called unwrapped, unless the request is
// sampled. Its `onSend`/`onError` hooks stay: they look for the request's span and find none.
// This leans on @fastify/otel 0.21's way of wiring itself (hooks on the instance it is handed, the
// handler replaced in `onRoute`, `setNotFoundHandler` patched, lifecycle hooks only wrapped by its
// `addHook` patch when `instrumentHooks` is on); sampled-only.test.ts fails when an upgrade moves that.
import type { FastifyInstance, FastifyPluginCallback, FastifyRequest, RouteOptions } from 'fastify';

type Gate = (request: FastifyRequest) => boolean;
type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;
/** Fastify's request among a handler's arguments: first for routes, second for @fastify/websocket's. */
const requestOf = (args: unknown[]): FastifyRequest => ((args[0] as FastifyRequest | undefined)?.raw ? args[0] : args[1]) as FastifyRequest;

/** The instrumented `wrapped` for a sampled request, the `plain` one otherwise. */
function gated(plain: AnyFunction, wrapped: AnyFunction, sampled: Gate): AnyFunction {
  return function gatedHandler(this: unknown, ...args: unknown[]) {
    return (sampled(requestOf(args)) ? wrapped : plain).apply(this, args);
  };
}

/** `plugin` (@fastify/otel's, registered with `instrumentHooks: false`) for the requests `sampled` says yes to. */
export function sampledOnly(plugin: FastifyPluginCallback, sampled: Gate): FastifyPluginCallback {
  const gatedPlugin: FastifyPluginCallback = (instance, opts, done) => {
    const addHook = instance.addHook.bind(instance) as unknown as (name: string, hook: (this: never, ...args: never[]) => unknown) => FastifyInstance;
    const setNotFoundHandler = instance.setNotFoundHandler as unknown as AnyFunction;
    /** What @fastify/otel's patched setNotFoundHandler hands to "the original": its wrapped handler. */
    let handedOver: unknown[] | undefined;
    const view = new Proxy(instance, {
      get(target, key) {
        if (key === 'addHook') return gatedAddHook;
        // Read once, at wiring, as "the original" its patch will call: it is given the wrapped handler.
        if (key === 'setNotFoundHandler') return (...args: unknown[]) => void (handedOver = args);
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
      set(target, key, value) {
        // Its addHook patch only wraps lifecycle hooks, which are off (`instrumentHooks: false`).
        if (key === 'addHook') return true;
        if (key === 'setNotFoundHandler') {
          const patched = value as AnyFunction;
          target.setNotFoundHandler = function setNotFoundHandlerGated(this: FastifyInstance, ...args: unknown[]) {
            const plain = args.findLast((a) => typeof a === 'function') as AnyFunction;
            patched.apply(this, args);
            const [wrappedArgs] = [handedOver!, (handedOver = undefined)];
            const wrapped = wrappedArgs.at(-1) as AnyFunction;
            return setNotFoundHandler.apply(this, [...wrappedArgs.slice(0, -1), gated(plain, wrapped, sampled)]);
          } as FastifyInstance['setNotFoundHandler'];
          return true;
        }
        return Reflect.set(target, key, value, target);
      },
    });

    function gatedAddHook(name: string, hook: AnyFunction) {
      if (name === 'onRoute') {
        return addHook(name, function wireSampled(this: unknown, routeOptions: RouteOptions) {
          const plain = routeOptions.handler as AnyFunction;
          hook.call(this, routeOptions);
          if (routeOptions.handler !== plain) routeOptions.handler = gated(plain, routeOptions.handler as AnyFunction, sampled) as RouteOptions['handler'];
        });
      }
      // onRequest (starts the request's span) and onResponse (ends it for the not-found handler's requests).
      return addHook(name, function sampledHook(this: unknown, request: FastifyRequest, reply: unknown, hookDone: () => void) {
        if (!sampled(request)) return hookDone();
        return hook.call(this, request, reply, hookDone);
      });
    }

    plugin(view, opts, done);
  };
  const meta = plugin as unknown as Record<symbol, unknown>;
  for (const key of ['skip-override', 'fastify.display-name', 'plugin-meta'].map((k) => Symbol.for(k))) (gatedPlugin as unknown as Record<symbol, unknown>)[key] = meta[key];
  return gatedPlugin;
}
