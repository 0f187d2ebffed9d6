// The discount code: applied through the preview, which answers "Invalid discount code" for one that
// does not exist, has expired, is used up or belongs to another organisation.
import { FormattedMessage, useIntl } from 'react-intl';
import { isApiError, type ShopType } from '@portal/shared/api';
import type { UseForm } from '@portal/shared/form';
import { CHECKOUT_ERRORS, MESSAGE_KEYS, type CheckoutPreviewRequest } from '@portal/shared/schemas/checkout';
import { Button, Group, Text } from '@portal/shared/ui';
import { Input } from '@portal/shared/ui/forms';
import { useCheckDiscount } from '../api/get-preview';
import type { ExtraInfoValues } from '../lib/extra-info-form';

export interface DiscountCodeProps {
  shop: ShopType;
  form: UseForm<ExtraInfoValues>;
  /** The code the preview accepted, if any. */
  applied: string | undefined;
  onApplied: (code: string | undefined) => void;
  /** The rest of the preview request (country, shipping method). */
  context: CheckoutPreviewRequest;
}

export function DiscountCode({ shop, form, applied, onApplied, context }: DiscountCodeProps) {
  const intl = useIntl();
  const check = useCheckDiscount(shop);
  const field = form.field('discount_input');

  const apply = () => {
    const code = field.value.trim().toUpperCase();
    if (!code) {
      form.showErrors([{ path: 'discount_input', message: MESSAGE_KEYS.required }]);
      return;
    }
    check.mutate(
      { ...context, discount_code: code },
      {
        onSuccess: (preview) => onApplied(preview.discount?.code ?? code),
        onError: (error) => {
          onApplied(undefined);
          // Only the code's own refusal reads "Invalid discount code"; another refusal of the preview
          // (the order's maximum, decision 035) shows its own translated message under the field.
          const api = isApiError(error) ? error : undefined;
          const other = api?.code !== CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE ? api?.problem?.errors?.[0] : undefined;
          if (api?.code === CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE) form.showErrors([{ path: 'discount_input', message: MESSAGE_KEYS.invalidDiscountCode }]);
          else if (other) form.showErrors([{ path: 'discount_input', message: other.message, values: other.values }]);
          else form.showErrors([{ path: 'discount_input', message: 'checkout.discount.failed' }]);
        },
      },
    );
  };

  return (
    <div>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Input
          label={<FormattedMessage id="checkout.discount.label" />}
          autoComplete="off"
          {...field}
          onKeyDown={(e) => {
            // Enter applies the code rather than submitting the whole step.
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
          }}
          w={220}
        />
        <Button variant="outline" onClick={apply} loading={check.isPending} style={{ marginBottom: field.error ? 22 : 0 }}>
          <FormattedMessage id="checkout.discount.apply" />
        </Button>
      </Group>
      <div role="status">
        {applied ? (
          <Group gap="xs" mt={4}>
            <span data-testid="discount-applied">
              <Text variant="subtext" component="span">
                {intl.formatMessage({ id: 'checkout.discount.applied' }, { code: applied })}
              </Text>
            </span>
            <Button
              variant="ghost"
              size="xs"
              onClick={() => {
                onApplied(undefined);
                form.setValue('discount_input', '');
              }}
            >
              <FormattedMessage id="checkout.discount.remove" />
            </Button>
          </Group>
        ) : null}
      </div>
    </div>
  );
}
