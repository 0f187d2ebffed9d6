// Public entry of `@portal/shared/preferences`: the user's display preferences, one implementation
// for every remote (decision 013, 021).
export { useVatPreference } from './vat-preference';
