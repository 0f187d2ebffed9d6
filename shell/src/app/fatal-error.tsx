import { isRouteErrorResponse, useRouteError } from '@portal/shared/router';
import { reloadOnChunkError } from '../platform/chunk-reload';

/**
 * Last line of defence when the shell itself fails to render. It cannot rely on messages or the
 * design system having loaded, so it is plain and trilingual.
 */
export function FatalError() {
  const error = useRouteError();
  console.error('[shell] fatal error', error);
  reloadOnChunkError(error);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" style={{ padding: 32, fontFamily: 'system-ui, sans-serif' }}>
      <h1>{status}</h1>
      <p>Something went wrong. Er ging iets mis. Une erreur est survenue.</p>
      <p>
        <a href="/">Home</a>
      </p>
    </main>
  );
}
