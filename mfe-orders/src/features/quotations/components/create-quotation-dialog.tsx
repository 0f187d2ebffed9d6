// The create dialog: a title, and where the products come from (none yet, or the cart). Products
// are then added on the quotation's page by article code.
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale, usePortalNavigate } from '@portal/shared/navigation';
import { Button, Group, Stack } from '@portal/shared/ui';
import { Radio } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { Modal } from '@portal/shared/ui/overlays';
import { useCreateQuotation } from '../api/create-quotation';
import { ActionError } from '../../../components/error-message';

/** `productId`: a product to quote (a "price on request" product's page links to /quotations?product=<id>). */
export function CreateQuotationDialog({ opened, onClose, productId }: { opened: boolean; onClose: () => void; productId?: string }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = usePortalNavigate();
  const create = useCreateQuotation();
  const [title, setTitle] = useState('');
  const [source, setSource] = useState<'empty' | 'cart' | 'product'>(productId ? 'product' : 'empty');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ title, from_cart: source === 'cart', lines: source === 'product' && productId ? [{ product_id: productId, quantity: 1 }] : [] }, { onSuccess: (q) => void navigate(`/${locale}/quotations/${q.id}`) });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={intl.formatMessage({ id: 'quotations.create.title' })} closeButtonProps={{ 'aria-label': intl.formatMessage({ id: 'orders.close' }) }}>
      <form onSubmit={submit}>
        <Stack gap="md">
          <Input label={<FormattedMessage id="quotations.field.title" />} value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={200} data-autofocus />
          <Radio.Group label={<FormattedMessage id="quotations.create.source" />} value={source} onChange={(v) => setSource(v as 'empty' | 'cart' | 'product')}>
            <Stack gap="xs" mt="xs">
              {productId ? <Radio value="product" label={<FormattedMessage id="quotations.create.product" />} /> : null}
              <Radio value="empty" label={<FormattedMessage id="quotations.create.empty" />} />
              <Radio value="cart" label={<FormattedMessage id="quotations.create.fromCart" />} />
            </Stack>
          </Radio.Group>
          <ActionError error={create.error} />
          <Group justify="flex-end">
            <Button variant="outline" onClick={onClose}><FormattedMessage id="orders.cancel" /></Button>
            <Button type="submit" loading={create.isPending}><FormattedMessage id="quotations.create.submit" /></Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
