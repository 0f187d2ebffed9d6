// `@portal/shared/form`: form state validated with the shared schemas, for every remote's forms.
export { useForm } from './use-form';
export type { UseForm } from './use-form';
