// Form state validated with the shared valibot schemas: the same schemas and message keys as the
// API. Errors are shown on their fields (linked through aria-describedby by the design system) and
// focus moves to the first invalid field, so keyboard and screen-reader users land on the problem.
// Colours and contrast of hints and errors are the theme's business, not the form's.
import { useCallback, useRef, useState, type ChangeEvent, type RefCallback } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { toFieldErrors } from '../schemas/field-errors';
import type { FieldError } from '../schemas/problem';

type Values = Record<string, unknown>;

function getPath(values: Values, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Values)[key] : undefined), values);
}
function setPath<T extends Values>(values: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (!rest.length) return { ...values, [head!]: value };
  return { ...values, [head!]: setPath((values[head!] as Values) ?? {}, rest.join('.'), value) };
}

/** What useForm returns. */
export interface UseForm<T extends Values> {
  /** The current values. */
  values: T;
  /** Callback ref for the <form> (`ref={form.attachForm}`): the first invalid field in it gets the focus. */
  attachForm: RefCallback<HTMLFormElement>;
  /** Props of a text field bound to `path`. */
  field(path: string): { name: string; value: string; error: string | undefined; 'aria-invalid': true | undefined; onChange(e: ChangeEvent<HTMLInputElement | HTMLSelectElement>): void };
  /** Props of a checkbox bound to `path`. */
  checkbox(path: string): { name: string; checked: boolean; error: string | undefined; 'aria-invalid': true | undefined; onChange(e: ChangeEvent<HTMLInputElement>): void };
  /** Sets a value (dotted path) and clears that field's error. */
  setValue(path: string, value: unknown): void;
  /** Validates against `schema`; on failure shows the errors and focuses the first. */
  validate<S extends v.GenericSchema>(schema: S, input?: unknown): v.InferOutput<S> | null;
  /** Shows field errors from the server (only those of fields in `paths`, when given). */
  showErrors(errors: FieldError[]): void;
  /** The shown errors, by field path. */
  errors: Record<string, FieldError>;
  /** Removes every shown error. */
  clearErrors(): void;
}

/** Form state and validation against a shared valibot schema, with translated field errors. */
export function useForm<T extends Values>(initial: T): UseForm<T> {
  const intl = useIntl();
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  // Kept inside: the hook hands out a callback ref (not named *Ref), so the React Compiler's rules do
  // not take the whole result for a ref that pages would read during render.
  const formNode = useRef<HTMLFormElement | null>(null);
  const attachForm = useCallback((node: HTMLFormElement | null) => {
    formNode.current = node;
  }, []);

  // Errors carry message keys (field-errors.ts); a message that is no key is shown as it came, as
  // react-intl showed a `defaultMessage` before: production pages have no ICU parser (decision 029).
  const text = (error: FieldError | undefined) =>
    !error ? undefined : Object.hasOwn(intl.messages, error.message) ? intl.formatMessage({ id: error.message }, error.values) : error.message;

  const focusFirstError = () => {
    // After React has rendered the errors (aria-invalid is then set on the fields).
    requestAnimationFrame(() => formNode.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const showErrors = useCallback((list: FieldError[]) => {
    const byPath: Record<string, FieldError> = {};
    for (const error of list) byPath[error.path] ??= error;
    setErrors(byPath);
    focusFirstError();
  }, []);

  const setValue = useCallback((path: string, value: unknown) => {
    setValues((current) => setPath(current, path, value));
    // Typing fixes the field: its error goes until the next validation.
    setErrors((current) => {
      if (!current[path]) return current;
      const { [path]: _gone, ...rest } = current;
      return rest;
    });
  }, []);

  return {
    values,
    attachForm,
    errors,
    field: (path) => ({
      name: path,
      value: String(getPath(values, path) ?? ''),
      error: text(errors[path]),
      // Set here too: PasswordInput does not mark its input invalid for assistive technology.
      'aria-invalid': errors[path] ? true : undefined,
      onChange: (e) => setValue(path, e.currentTarget.value),
    }),
    checkbox: (path) => ({
      name: path,
      checked: Boolean(getPath(values, path)),
      error: text(errors[path]),
      // Set here too: PasswordInput does not mark its input invalid for assistive technology.
      'aria-invalid': errors[path] ? true : undefined,
      onChange: (e) => setValue(path, e.currentTarget.checked),
    }),
    setValue,
    validate(schema, input = values) {
      // Not abortPipeEarly: cross-field checks (passwords match) must run while other fields are wrong.
      const result = v.safeParse(schema, input);
      if (result.success) {
        setErrors({});
        return result.output;
      }
      showErrors(toFieldErrors(result.issues));
      return null;
    },
    showErrors,
    clearErrors: () => setErrors({}),
  };
}
