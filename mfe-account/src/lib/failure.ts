// What went wrong with a call, as the forms need it: the stable code and the field errors.
import { isApiError } from '@portal/shared/api';
import type { FieldError } from '@portal/shared/schemas/account';

export interface Failure {
  code: string;
  status: number;
  errors: FieldError[];
}

export function failureOf(error: unknown): Failure {
  if (isApiError(error)) return { code: error.code, status: error.status, errors: error.problem?.errors ?? [] };
  return { code: 'UNKNOWN', status: 0, errors: [] };
}
