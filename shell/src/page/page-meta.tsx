import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { usePageTitleOverride, type PageHandle } from '@portal/shared/routing';

const SITE = 'Portal';

/** Sets the document title and SEO description of a page from its translation keys. */
export function PageMeta({ handle, children }: { handle?: PageHandle; children: ReactNode }) {
  const intl = useIntl();
  const titleKey = handle?.titleKey;
  // A page that names itself (a product page: the product's name) wins over its route's title key.
  const own = usePageTitleOverride();
  // The spec: when a page has no title, the fallback text is "TBD".
  const title = own ?? (titleKey && intl.messages[titleKey] ? intl.formatMessage({ id: titleKey }) : 'TBD');
  // The page's SEO text from the server (`seo.<page>.description`), else the portal's own.
  const pageKey = titleKey?.replace(/^title\./, '').replace(/_/g, '-');
  const descriptionKey = [handle?.descriptionKey, pageKey && `seo.${pageKey}.description`, 'seo.description'].find(
    (key): key is string => Boolean(key && intl.messages[key]),
  );
  const description = descriptionKey ? intl.formatMessage({ id: descriptionKey }) : '';
  useEffect(() => {
    document.title = `${title} | ${SITE}`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return <>{children}</>;
}
