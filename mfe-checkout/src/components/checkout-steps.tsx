// The checkout's stepper (spec section 2, checkout layout): where the buyer is among cart, addresses
// and shipping, personal information and confirmation. Steps already passed are links back; the
// current one is marked for assistive technology with aria-current="step".
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '@portal/shared/router';
import { Anchor, Text } from '@portal/shared/ui';
import { useLocale } from '@portal/shared/navigation';
import classes from './checkout-steps.module.css';

export const CHECKOUT_STEPS = [
  { path: 'overview', labelId: 'checkout.step.cart' },
  { path: 'extra-info', labelId: 'checkout.step.extraInfo' },
  { path: 'personal-info', labelId: 'checkout.step.personalInfo' },
  { path: 'order', labelId: 'checkout.step.confirmation' },
] as const;

export type CheckoutStep = (typeof CHECKOUT_STEPS)[number]['path'];

export function CheckoutSteps({ current }: { current: CheckoutStep }) {
  const intl = useIntl();
  const locale = useLocale();
  const at = CHECKOUT_STEPS.findIndex((s) => s.path === current);
  // After placement the order cannot be edited: no way back into the steps from the confirmation.
  const placed = current === 'order';
  return (
    <nav aria-label={intl.formatMessage({ id: 'checkout.steps.label' })} className={classes.nav}>
      <ol className={classes.list}>
        {CHECKOUT_STEPS.map((step, index) => {
          const label = (
            <>
              <span className={classes.number} aria-hidden>
                {index + 1}
              </span>
              <FormattedMessage id={step.labelId} />
            </>
          );
          const state = index < at ? 'done' : index === at ? 'current' : 'todo';
          return (
            <li key={step.path} className={classes.step} data-state={state} aria-current={index === at ? 'step' : undefined}>
              {state === 'done' && !placed ? (
                <Anchor component={Link} to={`/${locale}/checkout/${step.path}`} className={classes.link}>
                  {label}
                </Anchor>
              ) : (
                <Text component="span" className={classes.link}>
                  {label}
                </Text>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
