// The shipping methods offered for the delivery country, each with its price for what is ordered
// (free once it reaches its "Free from"): the cart, or the accepted quotation being ordered, whose
// quoted total the server measures the threshold against as it does when it charges. None for the country: "No shipping method available for
// this country" (spec section 5).
import { FormattedMessage, useIntl } from 'react-intl';
import type { ShopType } from '@portal/shared/api';
import type { UseForm } from '@portal/shared/form';
import { MESSAGE_KEYS, type CountryCode } from '@portal/shared/schemas/checkout';
import { Stack, Text } from '@portal/shared/ui';
import { Radio } from '@portal/shared/ui/choice';
import { StateRegion } from '@portal/shared/ui/status';
import { Notice } from '@portal/shared/ui';
import { useMoney } from '../../../lib/money';
import { useShippingMethods } from '../api/get-shipping-methods';
import type { ExtraInfoValues } from '../lib/extra-info-form';

export function ShippingMethods({
  shop,
  country,
  quotationId,
  form,
}: {
  shop: ShopType;
  country: CountryCode | undefined;
  /** The accepted quotation being ordered instead of the cart; null: the cart. */
  quotationId: string | null;
  form: UseForm<ExtraInfoValues>;
}) {
  const intl = useIntl();
  const money = useMoney();
  const methods = useShippingMethods(shop, country, quotationId);
  const field = form.field('shipping_method');
  const label = <FormattedMessage id="checkout.shipping.title" />;
  if (!country) {
    return (
      <Stack gap={4}>
        <Text><strong>{label}</strong></Text>
        <Text variant="subtext">
          <FormattedMessage id="checkout.shipping.chooseAddress" />
        </Text>
      </Stack>
    );
  }
  return (
    <StateRegion
      status={methods.status}
      isEmpty={(methods.data?.length ?? 0) === 0}
      loadingLabel={intl.formatMessage({ id: 'checkout.shipping.loading' })}
      errorTitle={<FormattedMessage id="checkout.shipping.failed" />}
      onRetry={() => void methods.refetch()}
      retryLabel={<FormattedMessage id="checkout.retry" />}
      empty={
        <Notice tone="red" title={label} testId="no-shipping-method">
          <FormattedMessage id={MESSAGE_KEYS.noShippingMethod} />
        </Notice>
      }
    >
      <Radio.Group
        name="shipping_method"
        label={label}
        required
        value={field.value}
        onChange={(value) => form.setValue('shipping_method', value)}
        error={field.error}
        data-testid="shipping-methods"
      >
        <Stack gap="xs" mt="xs">
          {methods.data?.map((m) => (
            <Radio
              key={m.code}
              value={m.code}
              aria-invalid={field['aria-invalid']}
              label={
                <>
                  {m.name} —{' '}
                  {m.price_excl_vat === 0 ? <FormattedMessage id="checkout.shipping.free" /> : <FormattedMessage id="checkout.shipping.price" values={{ amount: money(m.price_excl_vat) }} />}
                </>
              }
              description={m.free_from_excl_vat !== null && m.price_excl_vat > 0 ? intl.formatMessage({ id: 'checkout.freeShipping.label' }, { amount: money(m.free_from_excl_vat) }) : undefined}
            />
          ))}
        </Stack>
      </Radio.Group>
    </StateRegion>
  );
}
