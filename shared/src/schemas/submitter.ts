import * as v from 'valibot';
import { mustBeTicked, requiredText } from './fields';
import { MESSAGE_KEYS as M } from './messages';

const personFields = {
  first_name: requiredText(100),
  last_name: requiredText(100),
  function: requiredText(100),
  full_name: requiredText(200),
};

/**
 * Who places the order at checkout, with the authorisation declaration (spec sections 3 and 5).
 * The field is `declaration`, the spec's word and the database's: the form ticks it, the API
 * refuses an order without it.
 */
export const SubmitterSchema = v.strictObject({
  ...personFields,
  /** "I am authorised to place this order on behalf of my organisation." */
  declaration: mustBeTicked(M.authorisationRequired),
});
export type SubmitterInput = v.InferInput<typeof SubmitterSchema>;
export type Submitter = v.InferOutput<typeof SubmitterSchema>;

/**
 * The submitter as an order keeps it (`orders.submitter`): the exact declaration that was ticked,
 * in the buyer's language, and its version, so the order shows what was agreed to even after the
 * wording changes.
 */
export const OrderSubmitterSchema = v.object({
  ...personFields,
  declaration: v.object({ version: v.string(), locale: v.string(), text: v.string() }),
});
export type OrderSubmitter = v.InferOutput<typeof OrderSubmitterSchema>;
