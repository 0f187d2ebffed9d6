// A cart line's quantity stepper, limited by stock (spec section 5): it stops at the maximum and says
// "Maximum number reached"; a quantity the server refuses shows its message ("You can add maximum
// {count}"). A change is saved once the buyer pauses, so stepping 1 → 5 sends one request, not four.
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isApiError, type ShopType } from '@portal/shared/api';
import type { CartLine } from '@portal/shared/schemas/shop';
import { Stack, Text } from '@portal/shared/ui';
import { NumberInput } from '@portal/shared/ui/number-input';
import { useSetQuantity } from '../api/set-quantity';

const SAVE_AFTER_MS = 500;

function problemOf(error: unknown): { id: string; count?: number } {
  const first = isApiError(error) ? error.problem?.errors?.[0] : undefined;
  if (first) return { id: first.message, count: typeof first.values?.count === 'number' ? first.values.count : undefined };
  return { id: 'checkout.cart.updateFailed' };
}

export function LineQuantity({ line, shop }: { line: CartLine; shop: ShopType }) {
  const intl = useIntl();
  const [value, setValue] = useState<number | string>(line.quantity);
  // Typed past the stock: the field shows the maximum and says so (issue 32: it silently kept 1).
  const [capped, setCapped] = useState(false);
  const save = useSetQuantity(shop);
  const { mutate } = save;
  const maximum = Math.max(1, Math.min(line.max_quantity, 9999));
  const fieldId = `qty-${line.product_id}`;

  // The server's quantity wins once it answers (it may have capped it).
  const [shown, setShown] = useState(line.quantity);
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setValue(line.quantity);
  }

  useEffect(() => {
    const wanted = typeof value === 'number' ? value : Number(value);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted === line.quantity) return undefined;
    const timer = setTimeout(() => mutate({ productId: line.product_id, quantity: wanted }), SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [value, line.quantity, line.product_id, mutate]);

  const problem = save.isError ? problemOf(save.error) : null;
  const shownProblem = problem ?? (capped ? { id: 'quantity.maximumAllowed', count: maximum } : null);
  const errorText = shownProblem ? intl.formatMessage({ id: shownProblem.id }, { count: shownProblem.count ?? line.max_quantity }) : undefined;
  const atMaximum = Number(value) >= maximum && line.max_quantity > 0;
  return (
    <Stack gap={2}>
      <NumberInput
        id={fieldId}
        aria-label={intl.formatMessage({ id: 'checkout.cart.quantityOf' }, { name: line.name })}
        min={1}
        max={maximum}
        clampBehavior="none"
        allowDecimal={false}
        value={value}
        disabled={line.max_quantity === 0}
        // A keystroke past the maximum is not taken: the field shows the maximum instead.
        isAllowed={({ floatValue }) => {
          if (floatValue === undefined || floatValue <= maximum) return true;
          setValue(maximum);
          setCapped(true);
          save.reset();
          return false;
        }}
        onChange={(next) => {
          setValue(next);
          setCapped(false);
          save.reset();
        }}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={`${fieldId}-status`}
        w={110}
        data-testid="line-quantity"
      />
      <div id={`${fieldId}-status`}>
        <div role="alert">{errorText ? <Text variant="caption" color="red.9">{errorText}</Text> : null}</div>
        <div role="status">
          {atMaximum && !errorText ? (
            <Text variant="caption">
              <FormattedMessage id="quantity.maximumReached" />
            </Text>
          ) : null}
        </div>
        {line.max_quantity > 0 && line.max_quantity < 9999 && !errorText ? (
          <Text variant="caption">
            <FormattedMessage id="quantity.maximumAllowed" values={{ count: line.max_quantity }} />
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}
