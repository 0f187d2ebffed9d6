// Rename, share or unshare, delete: for the list's author and the organisation's administrators.
import { useState, type FormEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import type { OrderListDetail } from '@portal/shared/schemas/shop';
import { useLocale, usePortalNavigate } from '@portal/shared/navigation';
import { Button, Group, Stack } from '@portal/shared/ui';
import { Switch } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { useDeleteOrderList, useUpdateOrderList } from '../../../lib/order-lists-api';
import { ListActionError } from '../../../components/list-action-error';

export function OrderListManage({ list }: { list: OrderListDetail }) {
  const locale = useLocale();
  const navigate = usePortalNavigate();
  const update = useUpdateOrderList(list.id);
  const remove = useDeleteOrderList(list.id);
  const [name, setName] = useState(list.name);
  const [confirming, setConfirming] = useState(false);
  const rename = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() && name.trim() !== list.name) update.mutate({ name });
  };
  return (
    <Stack gap="sm">
      <form onSubmit={rename}>
        <Group align="flex-end" gap="sm">
          <Input label={<FormattedMessage id="catalog.lists.field.name" />} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={120} required />
          <Button type="submit" variant="outline" loading={update.isPending && update.variables?.name !== undefined}>
            <FormattedMessage id="catalog.lists.rename" />
          </Button>
        </Group>
      </form>
      <Switch
        label={<FormattedMessage id="catalog.lists.field.shared" />}
        checked={list.shared}
        disabled={update.isPending}
        onChange={(e) => update.mutate({ shared: e.currentTarget.checked })}
      />
      <Group gap="sm">
        {confirming ? (
          <>
            <Button variant="destructive" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: () => void navigate(`/${locale}/order-lists`) })}>
              <FormattedMessage id="catalog.lists.deleteConfirm" values={{ name: list.name }} />
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              <FormattedMessage id="catalog.lists.cancel" />
            </Button>
          </>
        ) : (
          <Button variant="destructive-outline" onClick={() => setConfirming(true)}>
            <FormattedMessage id="catalog.lists.delete" />
          </Button>
        )}
      </Group>
      <ListActionError error={update.error ?? remove.error} />
    </Stack>
  );
}
