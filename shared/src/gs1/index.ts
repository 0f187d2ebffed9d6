// @portal/shared/gs1: one GS1 parser for the API and the browser (decision 069).
export { buildGs1ElementString, type Gs1BuildInput, type Gs1BuildOptions, type Gs1BuildResult } from './build';
export { gs1DateToIso, isoToGs1Date } from './dates';
export { GS } from './element-string';
export { GS1_ERRORS, gs1MessageKey, type Gs1Error, type Gs1ErrorCode } from './errors';
export { gs1CheckDigit, gs1CheckDigitOk } from './check-digit';
export { loadGs1Messages } from './messages';
export { parseGs1, type Gs1ParseOptions } from './parse';
export type { Gs1Element, Gs1Parsed, Gs1ParseResult } from './result';
export { GS1_MAX_INPUT_LENGTH, GS_REMAPS, type Gs1Form } from './scan-input';
