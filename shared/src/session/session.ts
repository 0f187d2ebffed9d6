import { globalSingleton } from '../bus/global-singleton';
import { createSessionStore, type SessionDependencies, type SessionStore } from './session-store';

/** `Symbol.for` key of the portal's session store on `globalThis`. */
export const SESSION_GLOBAL_KEY = '@portal/shared/session';

/** The portal's one session store, the same object in every separately built bundle. */
export const sessionStore: SessionStore = globalSingleton(SESSION_GLOBAL_KEY, () => createSessionStore());

/** Injects the session's dependencies, e.g. `configureSession({ refresh: tokenClient.refresh })`. */
export function configureSession(dependencies: SessionDependencies): void {
  sessionStore.configure(dependencies);
}
