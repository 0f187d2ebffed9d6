// The message thread of one order (issue 14): the case manager / sales consultant and the buyer's
// organisation write; each side sees what it has not read yet.
import * as v from 'valibot';
import { IdSchema, requiredText, TimestampSchema } from './fields';

export const ORDER_MESSAGE_AUTHOR_ROLES = ['staff', 'customer'] as const;
export const ORDER_MESSAGE_KINDS = ['message', 'problem', 'delivery_confirmed'] as const;

export const OrderMessageSchema = v.object({
  id: IdSchema,
  body: v.string(),
  kind: v.picklist(ORDER_MESSAGE_KINDS),
  author_name: v.string(),
  author_role: v.picklist(ORDER_MESSAGE_AUTHOR_ROLES),
  /** Written by the caller. */
  mine: v.boolean(),
  created_at: TimestampSchema,
  /** When the other side read it. */
  read_at: v.nullable(TimestampSchema),
});
export type OrderMessage = v.InferOutput<typeof OrderMessageSchema>;

export const OrderMessageThreadSchema = v.object({ items: v.array(OrderMessageSchema) });
export type OrderMessageThread = v.InferOutput<typeof OrderMessageThreadSchema>;

export const OrderMessageInputSchema = v.strictObject({ body: requiredText(4000) });
export type OrderMessageInput = v.InferInput<typeof OrderMessageInputSchema>;
