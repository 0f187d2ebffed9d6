/** The Belgian phone format shown as the placeholder of phone fields (spec section 5). */
export const PHONE_PLACEHOLDER = '+32 470 12 34 56';
