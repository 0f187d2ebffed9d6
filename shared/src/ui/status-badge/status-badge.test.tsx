import { screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '../../schemas/order';
import { STOCK_STATES } from '../../schemas/stock';
import { axeViolations, renderUi } from '../test-utils';
import { OrderStatusBadge, PaymentStatusBadge, paymentStatusOf, QuotationStatusBadge, StockBadge } from './status-badge';
import { getStatusMessages } from './status-messages';
import { providerMessages } from '../../i18n/message';
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

  it('have the same labels in every locale', () => {
    expect(Object.keys(nl).sort()).toEqual(Object.keys(en).sort());
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  it('show every status pseudo-localised in xx, never a raw key', () => {
    renderUi(
      <IntlProvider locale="en-XA" messages={providerMessages(getStatusMessages('xx'))} onError={(e) => {
        throw e;
      }}>
        {STOCK_STATES.map((s) => <StockBadge key={s} state={s} />)}
        {ORDER_STATUSES.map((s) => <OrderStatusBadge key={s} status={s} />)}
        {(['pending', 'failed', 'cancelled', 'expired', 'paid'] as const).map((s) => <PaymentStatusBadge key={s} status={s} />)}
        {(['draft', 'sent', 'answered', 'accepted', 'expired'] as const).map((s) => <QuotationStatusBadge key={s} status={s} />)}
      </IntlProvider>,
    );
    const texts = [...document.querySelectorAll('[data-stock-state], [data-order-status], [data-payment-status], [data-quotation-status]')].map((b) => b.textContent ?? '');
    expect(texts).toHaveLength(STOCK_STATES.length + ORDER_STATUSES.length + 10);
    for (const text of texts) {
      expect(text).toMatch(/^\[.+\]$/);
      expect(text).not.toMatch(/status\.|[a-z]+_[a-z]+/);
    }
    expect(texts).toContain('[Ḓḗŀīṽḗřḗḓ]');
  });

  it('are never cut: a squeezed badge keeps its whole label\'s width', () => {
    renderIn('nl', <div style={{ display: 'flex', width: 40 }}><OrderStatusBadge status="ordered" /></div>);
    const badge = document.querySelector('[data-order-status]') as HTMLElement;
    expect([badge.style.flexShrink, badge.style.overflow, badge.style.minWidth]).toEqual(['0', 'visible', 'max-content']);
  });
});
