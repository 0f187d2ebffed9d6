// Message keys that schemas put in validation issues. Keys, not texts, so the server and every
// client translate them into the reader's language (texts: shared/src/i18n/messages/*.json).

/** Message keys of validation and form rules (spec section 5). */
export const MESSAGE_KEYS = {
  required: 'validation.required',
  invalidDate: 'validation.invalid.date',
  invalidDatetime: 'validation.invalid.datetime',
  invalidEmail: 'validation.invalid.email',
  invalidPhone: 'validation.invalid.phone',
  invalidRegex: 'validation.invalid.regex',
  invalidText: 'validation.invalid.text',
  invalidUrl: 'validation.invalid.url',
  invalidUuid: 'validation.invalid.uuid',
  invalidVat: 'validation.invalid.vat',
  invalidValue: 'validation.invalid.value',
  unknownField: 'validation.unknownField',
  passwordMismatch: 'validation.passwordMismatch',
  termsRequired: 'validation.termsRequired',
  authorisationRequired: 'validation.authorisationRequired',
  tooBigGeneric: 'validation.tooBig.generic',
  tooBigString: 'validation.tooBig.string',
  tooBigNumber: 'validation.tooBig.number',
  tooBigDate: 'validation.tooBig.date',
  tooBigArray: 'validation.tooBig.array',
  tooSmallGeneric: 'validation.tooSmall.generic',
  tooSmallString: 'validation.tooSmall.string',
  tooSmallNumber: 'validation.tooSmall.number',
  tooSmallDate: 'validation.tooSmall.date',
  tooSmallArray: 'validation.tooSmall.array',
  shippingMethodRequired: 'checkout.shippingMethodRequired',
  noShippingMethod: 'checkout.noShippingMethod',
  invalidDiscountCode: 'checkout.invalidDiscountCode',
  quotationNotFound: 'checkout.quotationNotFound',
  quotationNotAccepted: 'checkout.quotationNotAccepted',
  quotationExpired: 'checkout.quotationExpired',
  quotationOrdered: 'checkout.quotationOrdered',
  orderAmountTooLarge: 'checkout.amountTooLarge',
  costCentreRequired: 'checkout.costCentreRequired',
  costCentreNotAllowed: 'checkout.costCentreNotAllowed',
  costCentreCodeTaken: 'budget.codeTaken',
  notAMember: 'budget.notAMember',
  formIncomplete: 'form.incomplete',
  maximumReached: 'quantity.maximumReached',
  maximumAllowed: 'quantity.maximumAllowed',
} as const;

/** One of the validation message keys. */
export type MessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];
