import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { PageHandle } from '@portal/shared/routing';

const SITE = 'Portal';

/** Sets the document title and SEO description of a page from its translation keys. */
export function PageMeta({ handle, children }: { handle?: PageHandle; children: ReactNode }) {
  const intl = useIntl();
  const titleKey = handle?.titleKey;
  // The spec: when a page has no title, the fallback text is "TBD".
  const title = titleKey && intl.messages[titleKey] ? intl.formatMessage({ id: titleKey }) : 'TBD';
  const descriptionKey = handle?.descriptionKey ?? 'seo.description';
  const description = intl.messages[descriptionKey] ? intl.formatMessage({ id: descriptionKey }) : '';
  useEffect(() => {
    document.title = `${title} | ${SITE}`;
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [title, description]);
  return <>{children}</>;
}
