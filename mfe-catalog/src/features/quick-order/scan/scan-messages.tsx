// Scan to order's texts (and the GS1 parser's error texts, without the parser) load with the feature, not with the catalog's messages, which every
// catalogue first screen downloads (decision 068): a nested IntlProvider adds them over the page's.
import { Suspense, use, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import type { Messages } from '@portal/shared/routing';

const loaded = new Map<string, Promise<Messages>>();

/** One locale's scan texts, fetched once per page. */
function scanMessagesOf(locale: string): Promise<Messages> {
  let messages = loaded.get(locale);
  if (!messages) {
    // The scan texts and the GS1 parser's error texts, together.
    messages = Promise.all([import(`./messages/${locale}.json`).then((m: { default: Messages }) => m.default), import('@portal/shared/gs1/messages').then((gs1) => gs1.loadGs1Messages(locale))]).then(([scan, gs1]) => ({ ...gs1, ...scan }));
    loaded.set(locale, messages);
  }
  return messages;
}

function WithScanMessages({ locale, children }: { locale: string; children: ReactNode }) {
  const scan = use(scanMessagesOf(locale));
  const intl = useIntl();
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} formats={intl.formats} onError={intl.onError} messages={{ ...intl.messages, ...scan } as typeof intl.messages}>
      {children}
    </IntlProvider>
  );
}

/** Renders `children` with the scan texts of `locale` over the page's (nothing until they have arrived). */
export function ScanMessages({ locale, children }: { locale: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WithScanMessages locale={locale}>{children}</WithScanMessages>
    </Suspense>
  );
}
