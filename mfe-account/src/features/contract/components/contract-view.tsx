// The company (spec section 3) and its contract: number, period, conditions (payment terms, free
// shipping threshold, discounts), the case manager and sales consultant, the document if any.
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { OrganisationDetails } from '@portal/shared/schemas/account';
import { Anchor, ButtonLink, Card, SimpleGrid, Stack, Text, Title } from '@portal/shared/ui';

type Person = OrganisationDetails['case_manager'];

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    // The labels take what they need up to 45 % and the values the rest, breaking anywhere: an e-mail
    // address or a web address is one long word, which at phone width pushed the page 100 px wide.
    <dl style={{ display: 'grid', gridTemplateColumns: 'fit-content(45%) minmax(0, 1fr)', gap: '0.25rem 1rem', margin: 0 }}>
      {items.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <dt style={{ fontWeight: 600, overflowWrap: 'break-word' }}>
            <FormattedMessage id={label} />
          </dt>
          <dd style={{ margin: 0, minWidth: 0, overflowWrap: 'anywhere' }}>{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

function PersonCard({ titleId, person }: { titleId: string; person: Person }) {
  return (
    <Card withBorder component="section" aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId}>
        <FormattedMessage id={titleId} />
      </Title>
      {person ? (
        <Stack gap={2} mt="xs">
          <Text>{person.name}</Text>
          {person.email && <Anchor href={`mailto:${person.email}`}>{person.email}</Anchor>}
          {person.phone && <Anchor href={`tel:${person.phone}`}>{person.phone}</Anchor>}
        </Stack>
      ) : (
        <Text>
          <FormattedMessage id="account.contract.nobody" />
        </Text>
      )}
    </Card>
  );
}

const euros = (cents: number) => <FormattedNumber value={cents / 100} style="currency" currency="EUR" />;

export function ContractView({ organisation: o }: { organisation: OrganisationDetails }) {
  const intl = useIntl();
  const c = o.contract;
  return (
    <Stack gap="xl">
      <section aria-labelledby="company-heading">
        <Title order={2} size="h3" id="company-heading" mb="sm">
          <FormattedMessage id="account.contract.company" />
        </Title>
        <Facts
          items={[
            ['account.contract.companyName', o.name],
            ['account.contract.vatNumber', o.vat_number],
            ['account.contract.billingEmail', o.billing_email],
            ['account.contract.website', o.website ? <Anchor href={o.website}>{o.website}</Anchor> : null],
            ['account.contract.clientType', o.client_type],
            ['account.contract.organisationType', intl.formatMessage({ id: `account.organisationType.${o.organisation_type}` })],
            ['account.contract.customerNumber', o.customer_number],
            ['account.contract.primaryContact', o.primary_contact ? `${o.primary_contact.name} (${o.primary_contact.email ?? ''})` : null],
          ]}
        />
      </section>

      <section aria-labelledby="contract-heading">
        <Title order={2} size="h3" id="contract-heading" mb="sm">
          <FormattedMessage id="account.contract.contract" />
        </Title>
        {c ? (
          <Stack gap="sm">
            <Facts
              items={[
                ['account.contract.number', c.number],
                ['account.contract.name', c.name],
                [
                  'account.contract.period',
                  <FormattedMessage
                    key="period"
                    id={c.ends_on ? 'account.contract.periodRange' : 'account.contract.periodOpen'}
                    values={{ from: <FormattedDate value={c.starts_on} dateStyle="long" />, to: c.ends_on ? <FormattedDate value={c.ends_on} dateStyle="long" /> : '' }}
                  />,
                ],
                ['account.contract.paymentTerms', <FormattedMessage key="terms" id="account.contract.paymentDays" values={{ count: c.payment_term_days }} />],
                [
                  'account.contract.freeShipping',
                  c.free_shipping_from_excl_vat === null ? <FormattedMessage key="none" id="account.contract.freeShippingNone" /> : <FormattedMessage key="free" id="account.contract.freeFrom" values={{ amount: euros(c.free_shipping_from_excl_vat) }} />,
                ],
                [
                  'account.contract.discounts',
                  c.discounts.length ? (
                    <ul style={{ margin: 0, paddingInlineStart: '1.2rem' }}>
                      {c.discounts.map((d) => (
                        <li key={d.code}>
                          <strong>{d.code}</strong>: {d.kind === 'percentage' ? <FormattedNumber value={d.value / 100} style="percent" maximumFractionDigits={2} /> : euros(d.value)}
                          {d.valid_until && (
                            <>
                              {' '}
                              <FormattedMessage id="account.contract.validUntil" values={{ date: <FormattedDate value={d.valid_until} dateStyle="long" /> }} />
                            </>
                          )}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <FormattedMessage key="none" id="account.contract.noDiscounts" />
                  ),
                ],
              ]}
            />
            {c.conditions && (
              <>
                <Title order={3} size="h4">
                  <FormattedMessage id="account.contract.conditions" />
                </Title>
                <Text>{c.conditions}</Text>
              </>
            )}
            {c.document_url ? (
              <ButtonLink component="a" href={c.document_url} variant="outline">
                <FormattedMessage id="account.contract.download" />
              </ButtonLink>
            ) : (
              <Text variant="subtext">
                <FormattedMessage id="account.contract.noDocument" />
              </Text>
            )}
          </Stack>
        ) : (
          <Text>
            <FormattedMessage id="account.contract.noContract" />
          </Text>
        )}
      </section>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <PersonCard titleId="account.contract.caseManager" person={o.case_manager} />
        <PersonCard titleId="account.contract.salesConsultant" person={o.sales_consultant} />
      </SimpleGrid>

      <section aria-labelledby="company-addresses-heading">
        <Title order={2} size="h3" id="company-addresses-heading" mb="sm">
          <FormattedMessage id="account.contract.addresses" />
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {o.addresses.map((a) => (
            <Card key={a.id} withBorder>
              <Text>
                <strong>{a.label}</strong> · <FormattedMessage id={`account.addressType.${a.type}`} />
              </Text>
              <Text>
                {a.street} {a.nr}
                {a.box ? ` ${a.box}` : ''}, {a.postal_code} {a.city}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
