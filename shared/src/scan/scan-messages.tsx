// Scan to order's texts load with the screen that scans, not with the remote's messages, which
// every first screen downloads (decision 068): a nested IntlProvider adds, over the page's, the
// shared scan texts (the camera dialog, what a scan came to), the GS1 parser's error texts (without
// the parser) and the screen's own scan texts (its field's label, its help), from its remote.
import { Suspense, use, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { loadGs1Messages } from '@portal/shared/gs1/messages';
import type { Messages } from '@portal/shared/routing';
import { loadScanMessages } from './messages';

/** A screen's own scan texts of a locale (a remote's feature messages folder). */
export type OwnScanMessages = (locale: string) => Promise<Messages>;

const loaded = new WeakMap<OwnScanMessages, Map<string, Promise<Messages>>>();

/** One locale's texts for a screen, fetched once per page. */
function scanMessagesOf(own: OwnScanMessages, locale: string): Promise<Messages> {
  let byLocale = loaded.get(own);
  if (!byLocale) loaded.set(own, (byLocale = new Map()));
  let messages = byLocale.get(locale);
  if (!messages) {
    messages = Promise.all([loadGs1Messages(locale), loadScanMessages(locale), own(locale)]).then(([gs1, scan, mine]) => ({ ...gs1, ...scan, ...mine }));
    byLocale.set(locale, messages);
  }
  return messages;
}

function WithScanMessages({ locale, own, children }: { locale: string; own: OwnScanMessages; children: ReactNode }) {
  const scan = use(scanMessagesOf(own, locale));
  const intl = useIntl();
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} formats={intl.formats} onError={intl.onError} messages={{ ...intl.messages, ...scan } as typeof intl.messages}>
      {children}
    </IntlProvider>
  );
}

/**
 * Renders `children` with the scan texts of `locale` over the page's (nothing until they have
 * arrived). `own` must be a stable function (module level): it keys the page's cache.
 */
export function ScanMessages({ locale, own, children }: { locale: string; own: OwnScanMessages; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WithScanMessages locale={locale} own={own}>
        {children}
      </WithScanMessages>
    </Suspense>
  );
}
