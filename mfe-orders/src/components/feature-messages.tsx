// A page's own texts load with the page, over the remote's (decision 068): the remote's messages come
// with every buyer's first screen (my orders, invoices), so the texts of a page few people open (the
// staff's failed deliveries, a hospital's UDI export) live in its feature's messages folder. The
// first-screen budget of "my orders" caught them in the remote's messages. A page's introduction
// stays in the remote's messages (the routes test finds each page's there).
import { Suspense, use, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';

/** A feature's texts of a locale (its `messages/<locale>.json`, imported where the folder is). */
export type LoadTexts = (locale: string) => Promise<Record<string, string>>;

const loaded = new WeakMap<LoadTexts, Map<string, Promise<Record<string, string>>>>();

function textsOf(load: LoadTexts, locale: string): Promise<Record<string, string>> {
  let byLocale = loaded.get(load);
  if (!byLocale) loaded.set(load, (byLocale = new Map()));
  let texts = byLocale.get(locale);
  if (!texts) byLocale.set(locale, (texts = load(locale)));
  return texts;
}

function WithTexts({ load, children }: { load: LoadTexts; children: ReactNode }) {
  const intl = useIntl();
  const own = use(textsOf(load, useLocale()));
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} formats={intl.formats} onError={intl.onError} messages={{ ...intl.messages, ...own } as typeof intl.messages}>
      {children}
    </IntlProvider>
  );
}

/** Renders `children` with the feature's texts over the page's (nothing until they have arrived). `load` must be stable (module level). */
export function FeatureMessages({ load, children }: { load: LoadTexts; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <WithTexts load={load}>{children}</WithTexts>
    </Suspense>
  );
}
