// The registration's behaviour apart from its look: the steps, the unsaved-changes guard, the submit
// and where a server's field errors are shown. The page only lays the steps out.
import { useEffect, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import { useForm, type UseForm } from '@portal/shared/form';
import { useLocale, useUnsavedChangesGuard } from '@portal/shared/navigation';
import { useNavigate, useSearchParams } from '@portal/shared/router';
import { API_ERRORS, RegisterRequestSchema, toFieldErrors, type FieldError } from '@portal/shared/schemas';
import { register } from '../api/register';
import { failureOf } from '../../../lib/failure';
import { hasInput, initialValues, stepOf, STEPS, type RegistrationValues } from '../lib/registration-steps';

/** What the registration page renders from. */
export interface Registration {
  form: UseForm<RegistrationValues>;
  /** The step shown, 0-based. */
  step: number;
  /** Back to an earlier step, focus on its heading. */
  goTo(step: number): void;
  onSubmit(event: FormEvent): Promise<void>;
  /** The request failed for a reason that is not a field's. */
  failed: boolean;
  busy: boolean;
}

/**
 * Registration in three steps: a contract request or a web-shop account (`?type=contract`).
 * `focusStep` moves the focus to the new step's heading (the page owns that element).
 */
export function useRegistration(focusStep: () => void): Registration {
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [initial] = useState(() => initialValues(params.get('type') === 'contract' ? 'contract_request' : 'webshop'));
  const form = useForm(initial);
  // Where to go once registered. Navigating from an effect lets the guard below stand down first.
  const [registeredTo, setRegisteredTo] = useState<string | null>(null);
  // A half-filled registration is three steps of typing: leaving asks first (spec section 2).
  useUnsavedChangesGuard(registeredTo === null && hasInput(form.values, initial));
  useEffect(() => {
    if (registeredTo) navigate(registeredTo);
  }, [navigate, registeredTo]);
  const [step, setStep] = useState(0);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  function goTo(next: number) {
    setStep(next);
    // Keyboard and screen-reader users continue at the new step's heading.
    requestAnimationFrame(focusStep);
  }

  function showServerErrors(errors: FieldError[]) {
    setStep(Math.min(...errors.map((e) => stepOf(e.path))));
    form.showErrors(errors);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    if (!form.validate(STEPS[step]!.schema)) return;
    if (step < STEPS.length - 1) return goTo(step + 1);
    const parsed = v.safeParse(RegisterRequestSchema, { ...form.values, locale });
    if (!parsed.success) {
      // Only reachable if an earlier step changed in between: show where.
      return showServerErrors(toFieldErrors(parsed.issues));
    }
    setBusy(true);
    try {
      const result = await register(parsed.output);
      setRegisteredTo(`/${locale}/auth/verify?${new URLSearchParams({ purpose: 'email', email: parsed.output.email, wait: String(result.resend_after_seconds) })}`);
    } catch (error) {
      const failure = failureOf(error);
      if (failure.code === API_ERRORS.VALIDATION_FAILED && failure.errors.length) showServerErrors(failure.errors);
      else setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return { form, step, goTo, onSubmit, failed, busy };
}
