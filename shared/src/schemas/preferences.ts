import * as v from 'valibot';

/**
 * A signed-in user's own display preferences. The server keeps them, so they follow the user to
 * another browser or device (spec section 1: prices with or without VAT through a toggle).
 */
export const UserPreferencesSchema = v.object({ prices_incl_vat: v.boolean() });
export type UserPreferences = v.InferOutput<typeof UserPreferencesSchema>;

/** What a user sends to replace their preferences. */
export const UserPreferencesInputSchema = v.strictObject({ prices_incl_vat: v.boolean() });
export type UserPreferencesInput = v.InferInput<typeof UserPreferencesInputSchema>;
