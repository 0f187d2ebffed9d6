import { screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../schemas/order';
import { STOCK_STATES } from '../../schemas/stock';
import { axeViolations, renderUi } from '../test-utils';
import { OrderStatusBadge, PaymentStatusBadge, paymentStatusOf, QuotationStatusBadge, StockBadge } from './status-badge';
import { getStatusMessages } from './status-messages';
import { messageText, providerMessages } from '../../i18n/message';
import en from './messages/en.json';
import fr from './messages/fr.json';
import nl from './messages/nl.json';

function renderIn(locale: 'en' | 'nl' | 'fr', ui: ReactElement) {
  return renderUi(
    <IntlProvider locale={locale} messages={providerMessages(getStatusMessages(locale))} onError={(e) => {
      throw e;
    }}>
      {ui}
    </IntlProvider>,
  );
}

describe('status badges', () => {
  it('say every stock state and order status in words, with AA contrast', async () => {
    const { container } = renderIn(
      'en',
      <>
        {STOCK_STATES.map((s) => (
          <StockBadge key={s} state={s} />
        ))}
        {ORDER_STATUSES.map((s) => (
          <OrderStatusBadge key={s} status={s} />
        ))}
        <PaymentStatusBadge status="paid" />
        <QuotationStatusBadge status="sent" />
      </>,
    );
    expect(container.querySelector('[data-stock-state="low_stock"]')?.textContent).toBe('Low stock');
    expect(container.querySelector('[data-order-status="to_be_shipped"]')?.textContent).toBe('To be shipped');
    expect(screen.getByText('Paid')).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('are translated', () => {
    renderIn('nl', <QuotationStatusBadge status="draft" />);
    expect(screen.getByText('Concept')).toBeTruthy();
    renderIn('fr', <StockBadge state="not_within_contract" />);
    expect(screen.getByText('Hors contrat')).toBeTruthy();
  });

  it('derive the payment status from the order status', () => {
    expect(paymentStatusOf('payment_failed')).toBe('failed');
    expect(paymentStatusOf('delivered')).toBe('paid');
  });

  it('have the same labels in every locale, and the pseudo-locale shows keys', () => {
    expect(Object.keys(nl).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
    expect(messageText(getStatusMessages('xx')['status.order.delivered'])).toBe('status.order.delivered');
  });
});
