// The failed deliveries' texts load with their page, over the remote's (decision 068): in the
// remote's messages every buyer's first screen (my orders, invoices) downloaded them, for a page only
// the supplier's staff open (the first-screen budget of "my orders" caught the 0.8 KB they added).
// The three error texts an invoice's retry can show, and the introduction (the routes test finds
// each page's among the remote's), stay in the remote's messages.
import { Suspense, use, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';

const loaded = new Map<string, Promise<Record<string, string>>>();

function textsOf(locale: string): Promise<Record<string, string>> {
  let texts = loaded.get(locale);
  if (!texts) {
    texts = import(`./messages/${locale}.json`).then((m: { default: Record<string, string> }) => m.default);
    loaded.set(locale, texts);
  }
  return texts;
}

function WithTexts({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const own = use(textsOf(useLocale()));
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} formats={intl.formats} onError={intl.onError} messages={{ ...intl.messages, ...own } as typeof intl.messages}>
      {children}
    </IntlProvider>
  );
}

/** Renders `children` with the failed deliveries' texts over the page's (nothing until they have arrived). */
export function FailedDeliveryMessages({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WithTexts>{children}</WithTexts>
    </Suspense>
  );
}
