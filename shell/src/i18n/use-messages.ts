import { useEffect, useState } from 'react';
import type { Locale } from '@portal/shared/i18n';
import type { Messages } from '@portal/shared/routing';

type Loader = (locale: Locale) => Promise<Messages>;

/**
 * Loads messages for a locale with the given loader; keeps the previous locale's messages on screen
 * while the next ones load, so switching language never flashes raw keys.
 */
export function useMessages(locale: Locale, loader: Loader): { messages: Messages | undefined; error: unknown } {
  const [state, setState] = useState<{ locale?: Locale; messages?: Messages; error?: unknown }>({});
  useEffect(() => {
    let live = true;
    loader(locale).then(
      (messages) => live && setState({ locale, messages }),
      (error: unknown) => live && setState((s) => ({ ...s, error })),
    );
    return () => {
      live = false;
    };
  }, [locale, loader]);
  return { messages: state.messages, error: state.error };
}
