// The organisation's address book: billing and shipping addresses, a default per type, create,
// edit and delete (the checkout reads the same book).
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Address } from '@portal/shared/schemas/account';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@portal/shared/ui';
import { StateRegion, ToneBadge } from '@portal/shared/ui/status';
import { FailedNotice } from '../../../lib/saved-notice';
import { useAddresses } from '../api/addresses';
import { useDeleteAddress } from '../api/delete-address';
import { AddressForm } from './address-form';

function AddressCard({ address, onEdit }: { address: Address; onEdit: () => void }) {
  const intl = useIntl();
  const remove = useDeleteAddress();
  const [confirming, setConfirming] = useState(false);
  const headingId = `address-${address.id}`;
  return (
    <Card withBorder component="article" aria-labelledby={headingId}>
      <Stack gap={4}>
        <Group justify="space-between" align="flex-start">
          <Title order={4} size="h5" id={headingId}>
            {address.label}
          </Title>
          {address.is_default && (
            <ToneBadge tone="positive">
              <FormattedMessage id="account.addresses.default" />
            </ToneBadge>
          )}
        </Group>
        <Text>
          {address.street} {address.nr}
          {address.box ? ` ${address.box}` : ''}
        </Text>
        <Text>
          {address.postal_code} {address.city}, {intl.formatMessage({ id: `account.country.${address.country}` })}
        </Text>
        <Text variant="subtext">
          {address.email} · {address.phone}
        </Text>
        {remove.isError && (
          <FailedNotice>
            <FormattedMessage id="account.error.generic" />
          </FailedNotice>
        )}
        <Group gap="xs" mt="xs">
          <Button size="sm" variant="outline" onClick={onEdit} aria-label={intl.formatMessage({ id: 'account.addresses.editLabel' }, { label: address.label })}>
            <FormattedMessage id="account.addresses.edit" />
          </Button>
          {confirming ? (
            <>
              <Button size="sm" variant="destructive" loading={remove.isPending} onClick={() => remove.mutate(address.id)}>
                <FormattedMessage id="account.addresses.confirmDelete" values={{ label: address.label }} />
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
                <FormattedMessage id="account.addresses.cancel" />
              </Button>
            </>
          ) : (
            <Button size="sm" variant="destructive-outline" onClick={() => setConfirming(true)} aria-label={intl.formatMessage({ id: 'account.addresses.deleteLabel' }, { label: address.label })}>
              <FormattedMessage id="account.addresses.delete" />
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

export function AddressBook() {
  const intl = useIntl();
  const addresses = useAddresses();
  // null: no form; 'new': a new address; else the id of the address being edited.
  const [editing, setEditing] = useState<string | null>(null);
  const list = addresses.data ?? [];
  const editedAddress = list.find((a) => a.id === editing) ?? null;

  return (
    <Stack gap="md" component="section" aria-labelledby="addresses-heading">
      <Group justify="space-between">
        <Title order={2} size="h3" id="addresses-heading">
          <FormattedMessage id="account.addresses.heading" />
        </Title>
        {editing === null && (
          <Button variant="outline" onClick={() => setEditing('new')}>
            <FormattedMessage id="account.addresses.add" />
          </Button>
        )}
      </Group>
      {editing !== null && <AddressForm key={editing} address={editing === 'new' ? null : editedAddress} onDone={() => setEditing(null)} />}
      <StateRegion
        status={addresses.status}
        isEmpty={list.length === 0}
        loadingLabel={intl.formatMessage({ id: 'account.loading' })}
        errorTitle={intl.formatMessage({ id: 'account.error.load' })}
        onRetry={() => void addresses.refetch()}
        retryLabel={intl.formatMessage({ id: 'account.retry' })}
        empty={<Text>{intl.formatMessage({ id: 'account.addresses.empty' })}</Text>}
      >
        {(['billing', 'shipping'] as const).map((type) => {
          const ofType = list.filter((a) => a.type === type);
          return ofType.length ? (
            <Stack key={type} gap="sm">
              <Title order={3} size="h4">
                <FormattedMessage id={`account.addresses.type.${type}`} />
              </Title>
              <SimpleGrid cols={{ base: 1, md: 2 }}>
                {ofType.map((a) => (
                  <AddressCard key={a.id} address={a} onEdit={() => setEditing(a.id)} />
                ))}
              </SimpleGrid>
            </Stack>
          ) : null;
        })}
      </StateRegion>
    </Stack>
  );
}
