import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Center, Loader } from '@portal/shared/ui';
import { loadingBar } from '../platform/loading-bar';

/** A route transition waits this long before it shows a spinner (spec section 2). */
export const TRANSITION_WAIT_MS = 100;

/**
 * What a page shows while its code, messages or remote load: nothing for the first 100 ms (most
 * transitions end sooner, and a flash of spinner is worse than a short wait), then a spinner; the
 * loading bar runs meanwhile, with its own throttle.
 */
export function PageLoader() {
  const intl = useIntl();
  return <DelayedLoader label={intl.formatMessage({ id: 'ui.loading' })} />;
}

/**
 * The same before any messages exist (the locale's own messages are what is loading), so its label
 * cannot be translated yet: it only reaches screen readers, in the three languages at once.
 */
export function BootLoader() {
  return <DelayedLoader label="Loading / Laden / Chargement" />;
}

function DelayedLoader({ label }: { label: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    loadingBar.start();
    const timer = setTimeout(() => setVisible(true), TRANSITION_WAIT_MS);
    return () => {
      clearTimeout(timer);
      loadingBar.finish();
    };
  }, []);
  if (!visible) return null;
  return (
    // The label goes on the status region: on the spinner itself (a span without a role) ARIA
    // forbids it, and the spinner is decoration.
    <Center mih="40vh" role="status" aria-live="polite" aria-label={label}>
      <Loader color="brand" aria-hidden />
    </Center>
  );
}
