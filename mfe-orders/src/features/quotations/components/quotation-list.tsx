import { lazy, Suspense, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '@portal/shared/navigation';
import { Link, useSearchParams } from '@portal/shared/router';
import { Button, Stack, Text } from '@portal/shared/ui';
import { Table } from '@portal/shared/ui/data';
import { QuotationStatusBadge, StateRegion } from '@portal/shared/ui/status';
import { useQuotations } from '../api/list-quotations';

// The create dialog loads when a customer first opens it (issue 45): its modal brings `ui/overlays`
// (~58 KB gzip) that the list itself does not need. Once loaded it stays mounted, so it closes with
// its transition and keeps what was typed.
const CreateQuotationDialog = lazy(() => import('./create-quotation-dialog').then((m) => ({ default: m.CreateQuotationDialog })));

/** The quotations, newest first, and the create dialog (customers). */
export function QuotationList({ canCreate }: { canCreate: boolean }) {
  const intl = useIntl();
  const locale = useLocale();
  const list = useQuotations();
  const [search] = useSearchParams();
  // A product page asks for a quote with /quotations?product=<id>: the dialog opens with it.
  const productId = /^[0-9a-f-]{36}$/i.test(search.get('product') ?? '') ? search.get('product')! : undefined;
  const [creating, setCreating] = useState(canCreate && !!productId);
  const [dialogWanted, setDialogWanted] = useState(creating);
  const items = list.data?.items ?? [];
  return (
    <Stack gap="md">
      {canCreate ? (
        <Button
          onClick={() => {
            setDialogWanted(true);
            setCreating(true);
          }}
          style={{ alignSelf: 'flex-start' }}>
          <FormattedMessage id="quotations.create.open" />
        </Button>
      ) : null}
      {dialogWanted ? (
        <Suspense fallback={null}>
          <CreateQuotationDialog opened={creating} onClose={() => setCreating(false)} productId={productId} />
        </Suspense>
      ) : null}
      <StateRegion
        status={list.status}
        isEmpty={items.length === 0}
        loadingLabel={intl.formatMessage({ id: 'quotations.loading' })}
        errorTitle={<FormattedMessage id="quotations.error.list" />}
        onRetry={() => void list.refetch()}
        retryLabel={<FormattedMessage id="orders.retry" />}
        empty={<Text><FormattedMessage id="quotations.empty" /></Text>}
      >
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-label={intl.formatMessage({ id: 'quotations.caption' })} data-testid="quotations-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col"><FormattedMessage id="quotations.col.number" /></Table.Th>
                <Table.Th scope="col"><FormattedMessage id="quotations.field.title" /></Table.Th>
                <Table.Th scope="col"><FormattedMessage id="orders.col.organisation" /></Table.Th>
                <Table.Th scope="col"><FormattedMessage id="orders.col.date" /></Table.Th>
                <Table.Th scope="col"><FormattedMessage id="orders.col.status" /></Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((q) => (
                <Table.Tr key={q.id} data-quotation={q.number}>
                  <Table.Td><Link to={`/${locale}/quotations/${q.id}`}>{q.number}</Link></Table.Td>
                  <Table.Td>{q.title ?? '—'}</Table.Td>
                  <Table.Td>{q.organisation_name}</Table.Td>
                  <Table.Td><FormattedDate value={q.created_at} dateStyle="medium" /></Table.Td>
                  <Table.Td><QuotationStatusBadge status={q.status} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </StateRegion>
    </Stack>
  );
}
