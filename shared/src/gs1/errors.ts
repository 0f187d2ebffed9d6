// Stable error codes of the GS1 parser. The API answers them as they are and the UI translates them
// through `gs1MessageKey(code)` (texts in ./messages/{en,nl,fr}.json); never rename one.

export const GS1_ERRORS = {
  /** Nothing to read (blank after trimming). */
  empty: 'GS1_EMPTY',
  /** Longer than GS1_MAX_INPUT_LENGTH characters: refused before any parsing. */
  tooLong: 'GS1_INPUT_TOO_LONG',
  /** Neither an element string, a bracketed string, a Digital Link nor a GTIN. */
  notGs1: 'GS1_NOT_GS1',
  /** An AI that GS1's syntax dictionary does not know. */
  unknownAi: 'GS1_UNKNOWN_AI',
  /** An AI's value is shorter than the dictionary's format (or missing). */
  valueTooShort: 'GS1_VALUE_TOO_SHORT',
  /** An AI's value is longer than the dictionary's format (AI 10: 20 characters). */
  valueTooLong: 'GS1_VALUE_TOO_LONG',
  /** A character outside the component's set (N digits, X = CSET 82, Y = CSET 39, Z = base64url). */
  invalidCharacter: 'GS1_INVALID_CHARACTER',
  /** A wrong check digit (GTIN, SSCC, GLN, ...) or check character pair (GMN). */
  checkDigit: 'GS1_CHECK_DIGIT',
  /** A date that does not exist (February 30, month 13; day 00 where the AI does not allow it). */
  invalidDate: 'GS1_INVALID_DATE',
  /** An hour, minute or second out of range. */
  invalidTime: 'GS1_INVALID_TIME',
  /** Any other content rule of GS1's linters (country code, currency, piece of total, IBAN, ...). */
  invalidValue: 'GS1_INVALID_VALUE',
  /** The same AI twice with different values. */
  duplicateAi: 'GS1_DUPLICATE_AI',
  /** An AI without the AIs it requires (`req=`: AI 17 needs 01, 02, 03, 255, 8006 or 8026). */
  requiredAiMissing: 'GS1_REQUIRED_AI_MISSING',
  /** Two AIs that exclude each other (`ex=`: 01 and 02). */
  exclusiveAis: 'GS1_EXCLUSIVE_AIS',
  /** No GS separator anywhere and a variable-length value that reads as more AIs: a scanner that drops GS. */
  ambiguousSeparator: 'GS1_AMBIGUOUS_SEPARATOR',
  /** A bracketed string with an unclosed or empty `(AI)`. */
  bracketedSyntax: 'GS1_BRACKETED_SYNTAX',
  /** A Digital Link URI without a primary key path (`/01/{gtin}`), or with a stray segment. */
  digitalLinkInvalid: 'GS1_DL_INVALID',
  /** A malformed percent escape (`%2`, `%GG`) in a Digital Link. */
  digitalLinkEscape: 'GS1_DL_BAD_ESCAPE',
  /** Key qualifiers out of order or not allowed for the key (`/01/../10/../22/..`). */
  digitalLinkQualifiers: 'GS1_DL_QUALIFIER_ORDER',
  /** A query AI that the dictionary does not allow as a Digital Link attribute, or a key qualifier (10) put in the query. */
  digitalLinkAttribute: 'GS1_DL_ATTRIBUTE_NOT_ALLOWED',
} as const;

export type Gs1ErrorCode = (typeof GS1_ERRORS)[keyof typeof GS1_ERRORS];

/** Why a string was refused: a stable code, the AI and the position when they are known. */
export interface Gs1Error {
  code: Gs1ErrorCode;
  /** The AI concerned, when there is one. */
  ai?: string;
  /** Offset in the element string after the symbology prefix and separator remaps, when known. */
  position?: number;
  /** The react-intl message id that says it in the reader's language (`{ai}` is its one value). */
  messageKey: string;
  /** English detail for logs (which linter, which AIs); never shown to a user as it is. */
  detail?: string;
}

/** The message id of a code: `GS1_CHECK_DIGIT` -> `gs1.error.GS1_CHECK_DIGIT`. */
export function gs1MessageKey(code: Gs1ErrorCode): string {
  return `gs1.error.${code}`;
}

export function gs1Error(code: Gs1ErrorCode, extra: Omit<Gs1Error, 'code' | 'messageKey'> = {}): Gs1Error {
  return { code, messageKey: gs1MessageKey(code), ...extra };
}

/** Thrown inside the parser and turned into `{ ok: false, error }` at its public edge. */
export class Gs1Failure extends Error {
  constructor(readonly error: Gs1Error) {
    super(`${error.code}${error.ai ? ` (${error.ai})` : ''}${error.detail ? `: ${error.detail}` : ''}`);
  }
}

export function fail(code: Gs1ErrorCode, extra: Omit<Gs1Error, 'code' | 'messageKey'> = {}): never {
  throw new Gs1Failure(gs1Error(code, extra));
}
