import { lazy, Suspense, type ComponentType } from 'react';
import { useAudience } from '@portal/shared/session';
import { reloadOnChunkError } from '../platform/chunk-reload';

const OrganisationPicker = lazy<ComponentType>(() =>
  import('./organisation-picker').catch((error: unknown) => {
    // The picker is an extra: without its code the header goes on acting for the current organisation.
    reloadOnChunkError(error);
    return { default: () => null };
  }),
);

/**
 * The header's organisation picker (decision 057), for a contract customer's user only: its code, the
 * query cache and the menu load once such a user is signed in, and it shows itself only when they
 * belong to two organisations or more.
 */
export function OrganisationSwitcher() {
  const audience = useAudience();
  if (audience !== 'contract') return null;
  return (
    <Suspense fallback={null}>
      <OrganisationPicker />
    </Suspense>
  );
}
