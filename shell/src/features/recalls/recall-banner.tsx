// The dashboard's recall banner (issue 42, decision 074): every recall or field safety notice that
// reached the buyer's organisation (or them, as a web-shop customer, decision 080) and that was not
// answered yet, each with the way to answer. It stays until answered or the recall is closed; nothing shows when there is none or the call fails
// (the mail reached the people told, and the account area lists the notices too).
import { Suspense, use, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, IntlProvider, useIntl } from 'react-intl';
import { portalApi } from '@portal/shared/api';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { MyRecallListSchema, myRecallPath } from '@portal/shared/schemas/recall-notices';
import { PortalQueryProvider } from '@portal/shared/query';
import { Anchor, List, Notice, NOTICE_LINK } from '@portal/shared/ui';

/** A notice's line: to the organisation, or to a web-shop customer who received the units themselves (decision 080). */
const LINE = {
  recall: { organisation: 'dashboard.recalls.recall', customer: 'dashboard.recalls.recallToYou' },
  field_safety_notice: { organisation: 'dashboard.recalls.notice', customer: 'dashboard.recalls.noticeToYou' },
} as const;

function OpenRecalls() {
  const locale = useLocale();
  const open = useQuery({
    queryKey: ['recalls', 'open'],
    queryFn: ({ signal }) => portalApi().get('/recalls?open=true', { signal, schema: MyRecallListSchema }),
  });
  const items = open.data?.items ?? [];
  if (!items.length) return null;
  return (
    <Notice tone="red" role="note" icon="warning" title={<FormattedMessage id="dashboard.recalls.title" values={{ count: items.length }} />} testId="recall-banner">
      <List>
        {items.map((r) => (
          // One recall may reach a person twice, through their organisation and their own order (decision 086).
          <List.Item key={`${r.id}-${r.received_by}`}>
            <FormattedMessage
              id={LINE[r.kind][r.received_by]}
              values={{ gtin: r.gtin, units: r.units_received, reason: r.reason[locale === 'nl' || locale === 'fr' ? locale : 'en'] }}
            />{' '}
            <Anchor component={Link} to={myRecallPath(locale, r)} {...NOTICE_LINK}>
              <FormattedMessage id="dashboard.recalls.answer" />
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Notice>
  );
}

const loaded = new Map<string, Promise<Record<string, string>>>();

/**
 * The banner's texts load with it, over the shell's (decision 068): in the shell's messages every
 * page's first screen downloaded them, for a banner only a signed-in dashboard shows.
 */
function WithBannerMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const locale = useLocale();
  let texts = loaded.get(locale);
  if (!texts) {
    texts = import(`./messages/${locale}.json`).then((m: { default: Record<string, string> }) => m.default);
    loaded.set(locale, texts);
  }
  const banner = use(texts);
  return (
    <IntlProvider locale={intl.locale} defaultLocale={intl.defaultLocale} formats={intl.formats} onError={intl.onError} messages={{ ...intl.messages, ...banner } as typeof intl.messages}>
      {children}
    </IntlProvider>
  );
}

/** The banner with its texts and the portal's query cache around it (the shell does not provide one, decision 033). */
export function RecallBanner() {
  return (
    <Suspense fallback={null}>
      <WithBannerMessages>
        <PortalQueryProvider>
          <OpenRecalls />
        </PortalQueryProvider>
      </WithBannerMessages>
    </Suspense>
  );
}
