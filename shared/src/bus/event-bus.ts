/** Extra arguments of `emit`: none for payload-less events, exactly one payload otherwise. */
export type EmitArgs<P> = [P] extends [undefined] ? [] : [payload: P];

/** A listener of one event. */
export type Handler<P> = (payload: P) => void;

/** A typed publish/subscribe channel over an event map `E` (event name -> payload). */
export interface EventBus<E> {
  /** Delivers an event synchronously to every current listener, in subscription order. */
  emit<K extends keyof E>(name: K, ...args: EmitArgs<E[K]>): void;
  /** Subscribes to an event; returns the function that unsubscribes. */
  on<K extends keyof E>(name: K, handler: Handler<E[K]>): () => void;
  /** Subscribes for the next occurrence only; returns the function that unsubscribes. */
  once<K extends keyof E>(name: K, handler: Handler<E[K]>): () => void;
  /** Number of listeners of an event (for tests and leak checks). */
  listenerCount(name: keyof E): number;
}

/** What the bus does with an error thrown by a handler; by default it is logged. */
export type HandlerErrorReporter = (error: unknown, name: PropertyKey) => void;

const logHandlerError: HandlerErrorReporter = (error, name) => {
  console.error(`[bus] a handler of "${String(name)}" threw`, error);
};

/** Creates a new, independent bus. Most code wants the shared `bus` instead. */
export function createEventBus<E>(onHandlerError: HandlerErrorReporter = logHandlerError): EventBus<E> {
  const handlers = new Map<keyof E, Set<Handler<never>>>();

  const on = <K extends keyof E>(name: K, handler: Handler<E[K]>) => {
    let set = handlers.get(name);
    if (!set) handlers.set(name, (set = new Set()));
    // Wrap so the same function can be subscribed twice and unsubscribed independently.
    const entry: Handler<E[K]> = (payload) => handler(payload);
    set.add(entry as Handler<never>);
    return () => {
      set.delete(entry as Handler<never>);
    };
  };

  return {
    emit(name, ...args) {
      const set = handlers.get(name);
      if (!set) return;
      // Copy first: a handler may unsubscribe itself (or others) while we iterate.
      for (const handler of [...set]) {
        try {
          (handler as Handler<unknown>)(args[0]);
        } catch (error) {
          // One broken listener in one remote must not silence the others.
          onHandlerError(error, name);
        }
      }
    },
    on,
    once(name, handler) {
      const off = on(name, (payload) => {
        off();
        handler(payload);
      });
      return off;
    },
    listenerCount(name) {
      return handlers.get(name)?.size ?? 0;
    },
  };
}
