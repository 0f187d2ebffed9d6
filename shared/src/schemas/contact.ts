import * as v from 'valibot';
import { mustBeTicked, requiredText } from './fields';
import { MESSAGE_KEYS as M } from './messages';

/** What a contact message is about. */
export const CONTACT_TYPES = ['question', 'order', 'product', 'quotation', 'complaint', 'other'] as const;
export const ContactTypeSchema = v.picklist(CONTACT_TYPES, M.required);

/** The contact form (spec section 3). */
export const ContactFormSchema = v.strictObject({
  type: ContactTypeSchema,
  message: requiredText(5000),
  terms: mustBeTicked(M.termsRequired),
});
export type ContactFormInput = v.InferInput<typeof ContactFormSchema>;
export type ContactForm = v.InferOutput<typeof ContactFormSchema>;
