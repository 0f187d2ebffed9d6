// "Add to a list": the lines (a product with its quantity, quick order's found lines, a past order's
// lines) go on one of the buyer's lists or on a new one. The buyer then opens the list from the notice.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { OrderListDetail, OrderListLineInput } from '@portal/shared/schemas/shop';
import { useLocale } from '@portal/shared/navigation';
import { Link } from '@portal/shared/router';
import { Anchor, Button, Group, Notice, Stack } from '@portal/shared/ui';
import { Checkbox, NativeSelect, Radio } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { Modal } from '@portal/shared/ui/overlays';
import { useAddOrderListLines, useCreateOrderList, useOrderLists } from '../lib/order-lists-api';
import { ListActionError } from './list-action-error';

export interface AddToListDialogProps {
  opened: boolean;
  onClose: () => void;
  lines: OrderListLineInput[];
  /** A name to offer for a new list (a past order's number). */
  suggestedName?: string;
}

export function AddToListDialog({ opened, onClose, lines, suggestedName = '' }: AddToListDialogProps) {
  const intl = useIntl();
  const locale = useLocale();
  const lists = useOrderLists(opened);
  const create = useCreateOrderList();
  const add = useAddOrderListLines();
  const existing = lists.data?.items ?? [];
  // Until the buyer picks, the lines go on one of their lists when they have any (issue 44.10: the
  // dialog defaulted to "a new list" beside existing ones); a new list when they have none.
  const [picked, setPicked] = useState<'new' | 'existing' | null>(null);
  const target = picked ?? (existing.length ? 'existing' : 'new');
  const [listId, setListId] = useState('');
  const [name, setName] = useState(suggestedName);
  const [shared, setShared] = useState(false);
  const [done, setDone] = useState<OrderListDetail | null>(null);
  const useExisting = target === 'existing' && existing.length > 0;
  const chosen = listId || existing[0]?.id || '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const onSuccess = (list: OrderListDetail) => setDone(list);
    if (useExisting) add.mutate({ id: chosen, lines }, { onSuccess });
    else create.mutate({ name, shared, lines }, { onSuccess });
  };
  const close = () => {
    setDone(null);
    create.reset();
    add.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={intl.formatMessage({ id: lines.length ? 'catalog.lists.add.title' : 'catalog.lists.create' })} closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'catalog.lists.close' }) }}>
      {done ? (
        <Stack gap="md">
          <Notice tone="green" role="status" testId="add-to-list-done">
            <FormattedMessage id={lines.length ? 'catalog.lists.add.done' : 'catalog.lists.created'} values={{ count: lines.length, name: done.name }} />
          </Notice>
          <Group justify="flex-end">
            <Anchor component={Link} to={`/${locale}/order-lists/${done.id}`} onClick={close}>
              <FormattedMessage id="catalog.lists.add.open" values={{ name: done.name }} />
            </Anchor>
            <Button variant="outline" onClick={close}>
              <FormattedMessage id="catalog.lists.close" />
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit}>
          <Stack gap="md">
            {existing.length ? (
              <Radio.Group label={<FormattedMessage id="catalog.lists.add.where" />} value={target} onChange={(v) => setPicked(v as 'new' | 'existing')}>
                <Stack gap="xs" mt="xs">
                  <Radio value="existing" label={<FormattedMessage id="catalog.lists.add.existing" />} />
                  <Radio value="new" label={<FormattedMessage id="catalog.lists.add.new" />} />
                </Stack>
              </Radio.Group>
            ) : null}
            {useExisting ? (
              <NativeSelect
                label={<FormattedMessage id="catalog.lists.add.list" />}
                value={chosen}
                onChange={(e) => setListId(e.currentTarget.value)}
                data={existing.map((l) => ({ value: l.id, label: l.shared ? intl.formatMessage({ id: 'catalog.lists.sharedName' }, { name: l.name }) : l.name }))}
              />
            ) : (
              <>
                <Input label={<FormattedMessage id="catalog.lists.field.name" />} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={120} required data-autofocus />
                <Checkbox label={<FormattedMessage id="catalog.lists.field.shared" />} checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} />
              </>
            )}
            <ListActionError error={create.error ?? add.error} />
            <Group justify="flex-end">
              <Button variant="outline" onClick={close}>
                <FormattedMessage id="catalog.lists.cancel" />
              </Button>
              <Button type="submit" loading={create.isPending || add.isPending} disabled={!useExisting && !name.trim()}>
                {lines.length ? <FormattedMessage id="catalog.lists.add.submit" values={{ count: lines.length }} /> : <FormattedMessage id="catalog.lists.create" />}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
