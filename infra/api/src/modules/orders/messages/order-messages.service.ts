// Messages on an order between the supplier (case manager, sales consultant of an assigned
// organisation) and the customer's organisation. A mail tells the other side, in their language.
import { API_ERRORS, ORDER_HISTORY_ERRORS, type OrderMessage, type OrderMessageThread } from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import { mailLocale } from '../../../common/outbox';
import { AppError } from '../../../errors';
import type { MessageRow, OrderMessagesRepository, Writer } from './order-messages.repository';

function requireWriter(caller: Caller): Writer {
  if (caller.kind === 'staff') return caller;
  if (caller.kind === 'customer' && caller.organisationId) return caller;
  throw new AppError(401, API_ERRORS.UNAUTHORIZED, 'Sign in to read messages');
}

const iso = (d: Date | string) => new Date(d).toISOString();

const toMessage = (writer: Writer) => (m: MessageRow): OrderMessage => ({
  id: m.id,
  body: m.body,
  kind: m.kind,
  author_name: m.author_name ?? '',
  author_role: m.by_staff ? 'staff' : 'customer',
  mine: m.author_user_id === writer.userId,
  created_at: iso(m.created_at),
  read_at: m.read_at ? iso(m.read_at) : null,
});

export function createOrderMessagesService(deps: { repo: OrderMessagesRepository }) {
  const { repo } = deps;

  async function load(writer: Writer, id: string) {
    const order = await repo.order(writer, id);
    if (!order) throw new AppError(404, ORDER_HISTORY_ERRORS.NOT_FOUND, 'No such order');
    return order;
  }

  return {
    async thread(caller: Caller, id: string): Promise<OrderMessageThread> {
      const writer = requireWriter(caller);
      const order = await load(writer, id);
      return { items: (await repo.thread(writer, order.id)).map(toMessage(writer)) };
    },

    async write(caller: Caller, id: string, body: string): Promise<OrderMessage> {
      const writer = requireWriter(caller);
      const order = await load(writer, id);
      const to = await repo.recipient(writer, order);
      const locale = to ? mailLocale(to.locale) : 'en';
      const messageId = await repo.add(
        writer,
        order.id,
        body,
        to
          ? {
              channel: 'email',
              recipient: to.email,
              template: 'orders.message',
              locale,
              payload: {
                firstName: to.first_name,
                orderNumber: order.number,
                body,
                path: writer.kind === 'staff' ? `/${locale}/my-orders/${encodeURIComponent(order.number)}` : `/${locale}/my-orders/${encodeURIComponent(order.number)}`,
              },
            }
          : null,
      );
      const written = (await repo.thread(writer, order.id)).find((m) => m.id === messageId)!;
      return toMessage(writer)(written);
    },
  };
}
export type OrderMessagesService = ReturnType<typeof createOrderMessagesService>;
