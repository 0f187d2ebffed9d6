import { Center, Loader } from '@portal/shared/ui';

/** What a page shows while its code or data loads. */
export function PageLoader() {
  return (
    <Center mih="40vh" role="status" aria-live="polite">
      <Loader color="brand" aria-label="Loading" />
    </Center>
  );
}
