import * as v from 'valibot';
import { mustBeTicked, requiredText } from './fields';
import { MESSAGE_KEYS as M } from './messages';

/** Who places the order at checkout, with the authorisation declaration (spec section 5). */
export const SubmitterSchema = v.object({
  first_name: requiredText(100),
  last_name: requiredText(100),
  function: requiredText(100),
  full_name: requiredText(200),
  /** "I am authorised to place this order on behalf of my organisation." */
  authorised: mustBeTicked(M.authorisationRequired),
});
export type SubmitterInput = v.InferInput<typeof SubmitterSchema>;
export type Submitter = v.InferOutput<typeof SubmitterSchema>;
