// The personal-info step (spec sections 2, 3, 5): the submitter's first and last name, function and
// full name and the authorisation declaration, which must be ticked; then the order is placed. An
// order on account goes to its confirmation; a web-shop order goes to the payment page. A refused
// order says why; a cart problem sends the buyer back to the cart.
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import * as v from 'valibot';
import { Link, useNavigate } from '@portal/shared/router';
import { isApiError, type ShopType } from '@portal/shared/api';
import { useForm } from '@portal/shared/form';
import { useLocale, useUnsavedChangesGuard } from '@portal/shared/navigation';
import { API_ERRORS, APPROVAL_ERRORS, AUTHORISATION_DECLARATION, BUDGET_ERRORS, BudgetRefusalSchema, CHECKOUT_ERRORS, CheckoutSchema, MESSAGE_KEYS, OutOfStockLineSchema, PUNCHOUT_ERRORS, SubmitterSchema, type BudgetRefusal, type FieldError } from '@portal/shared/schemas/checkout';
import { useSession } from '@portal/shared/session';
import { Anchor, Button, ButtonLink, Group, Stack } from '@portal/shared/ui';
import { Checkbox } from '@portal/shared/ui/choice';
import { Input } from '@portal/shared/ui/forms';
import { Notice } from '@portal/shared/ui';
import { clearDraft, readDraft, writeDraft, type SubmitterDraft } from '../../../lib/checkout-draft';
import { useApprovalCheck, useSubmitForApproval } from '../api/approval';
import { useMoney } from '../../../lib/money';
import { useOwnCostCentres } from '../api/get-own-cost-centres';
import { useBudgetForecast } from '../api/get-budget-forecast';
import { BudgetForecastNotice } from './budget-forecast';
import { CostCentreChoice } from './cost-centre-choice';
import { usePlaceOrder } from '../api/place-order';
import { OrderRefused, type Refusal } from './order-refused';
import { PunchoutNotice } from '../../../components/punchout-notice';

const EMPTY: SubmitterDraft = { first_name: '', last_name: '', function: '', full_name: '', declaration: false };
const RefusedLinesSchema = v.object({ lines: v.array(OutOfStockLineSchema) });
const NamedLinesSchema = v.object({ lines: v.array(v.object({ name: v.string() })) });
/** Codes that mean the extra-info step must be done again. */
const EXTRA_INFO_CODES: readonly string[] = [CHECKOUT_ERRORS.INVALID_DISCOUNT_CODE, CHECKOUT_ERRORS.NO_SHIPPING_METHOD, CHECKOUT_ERRORS.ADDRESS_NOT_FOUND];

/** The quotation being ordered can no longer be (ordered meanwhile, expired): said with the field's message. */
const QUOTATION_CODES: readonly string[] = [
  CHECKOUT_ERRORS.QUOTATION_NOT_FOUND,
  CHECKOUT_ERRORS.QUOTATION_NOT_ACCEPTED,
  CHECKOUT_ERRORS.QUOTATION_EXPIRED,
  CHECKOUT_ERRORS.QUOTATION_ORDERED,
];

/** `incomplete`: this step's fields (they show their errors); `earlierStep`: the addresses or the shipping method. */
type Problem = { kind: 'quotation'; message: string } | { kind: 'incomplete' } | { kind: 'earlierStep' } | { kind: 'refused'; refusal: Refusal } | { kind: 'busy' } | { kind: 'cartBusy' } | { kind: 'customersOnly' } | { kind: 'tooLarge'; count: number | undefined } | { kind: 'approvalRequired' } | { kind: 'failed' }
  // The cost centre (issue 33): none chosen or not the buyer's; over what is left of its budget.
  | { kind: 'costCentre'; message: string }
  | { kind: 'overBudget'; approval: boolean; refusal: BudgetRefusal | null }
  // The sign-in is a punchout session: the cart goes back to the procurement system (decision 052).
  | { kind: 'punchout' };

function problemOf(error: unknown): Problem | FieldError[] {
  if (!isApiError(error)) return { kind: 'failed' };
  const outOfStock = v.safeParse(RefusedLinesSchema, error.data);
  const named = v.safeParse(NamedLinesSchema, error.data);
  if (error.code === CHECKOUT_ERRORS.OUT_OF_STOCK) return { kind: 'refused', refusal: { kind: 'out_of_stock', lines: outOfStock.success ? outOfStock.output.lines : [] } };
  if (error.code === CHECKOUT_ERRORS.NOT_ORDERABLE) return { kind: 'refused', refusal: { kind: 'not_orderable', lines: named.success ? named.output.lines : [] } };
  if (error.code === CHECKOUT_ERRORS.CART_EMPTY) return { kind: 'refused', refusal: { kind: 'cart_empty' } };
  if (QUOTATION_CODES.includes(error.code)) return { kind: 'quotation', message: error.problem?.errors?.[0]?.message ?? MESSAGE_KEYS.quotationNotAccepted };
  if (error.code === CHECKOUT_ERRORS.IDEMPOTENCY_IN_PROGRESS) return { kind: 'busy' };
  // Not "your order is being placed": nothing was placed, the cart is being edited elsewhere.
  if (error.code === CHECKOUT_ERRORS.CART_BUSY) return { kind: 'cartBusy' };
  if (error.code === CHECKOUT_ERRORS.CUSTOMERS_ONLY) return { kind: 'customersOnly' };
  if (error.code === PUNCHOUT_ERRORS.ORDER_IN_PROCUREMENT) return { kind: 'punchout' };
  // A rule was added (or the order changed) since the step opened: the button becomes "Submit for approval".
  if (error.code === APPROVAL_ERRORS.REQUIRED) return { kind: 'approvalRequired' };
  if (error.code === CHECKOUT_ERRORS.AMOUNT_TOO_LARGE) {
    const count = error.problem?.errors?.[0]?.values?.count;
    return { kind: 'tooLarge', count: typeof count === 'number' ? count : undefined };
  }
  if (EXTRA_INFO_CODES.includes(error.code)) return { kind: 'earlierStep' };
  if (error.code === BUDGET_ERRORS.COST_CENTRE_REQUIRED || error.code === BUDGET_ERRORS.COST_CENTRE_NOT_ALLOWED) {
    return { kind: 'costCentre', message: error.problem?.errors?.[0]?.message ?? MESSAGE_KEYS.costCentreRequired };
  }
  if (error.code === BUDGET_ERRORS.EXCEEDED || error.code === BUDGET_ERRORS.APPROVAL_REQUIRED) {
    const refusal = v.safeParse(BudgetRefusalSchema, error.data);
    return { kind: 'overBudget', approval: error.code === BUDGET_ERRORS.APPROVAL_REQUIRED, refusal: refusal.success ? refusal.output : null };
  }
  const fields = error.problem?.errors ?? [];
  if (error.code === API_ERRORS.VALIDATION_FAILED && fields.length) {
    const own = fields.filter((f) => f.path.startsWith('submitter.'));
    return own.length === fields.length ? own.map((f) => ({ ...f, path: f.path.slice('submitter.'.length) })) : { kind: 'earlierStep' };
  }
  return { kind: 'failed' };
}

export function PersonalInfoForm({ shop }: { shop: ShopType }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const claims = useSession((s) => s.claims);
  const [initial] = useState<SubmitterDraft>(() => readDraft().submitter ?? EMPTY);
  const form = useForm<SubmitterDraft & Record<string, unknown>>({ ...initial });
  // What the checkout keeps (session storage): typed input not yet kept makes leaving ask first.
  const [kept, setKept] = useState<SubmitterDraft>(initial);
  const { attachForm } = form;
  const [problem, setProblem] = useState<Problem | null>(null);
  const place = usePlaceOrder(shop);
  const submitForApproval = useSubmitForApproval(shop);
  // Whether the organisation's approval rules apply to this order (issue 33): asked with the choices
  // of the earlier step; an accepted quotation and a web-shop order are never submitted for approval.
  const [chosen] = useState(() => readDraft());
  const approvalApplies = shop === 'portal' && Boolean(claims?.org) && !chosen.quotation_id;
  const earlierChoices = {
    ...(chosen.delivery_country ? { delivery_country: chosen.delivery_country } : {}),
    ...(chosen.shipping_method ? { shipping_method: chosen.shipping_method } : {}),
    ...(chosen.discount_code ? { discount_code: chosen.discount_code } : {}),
  };
  const check = useApprovalCheck(shop, earlierChoices, approvalApplies);
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  const money = useMoney();
  const costCentres = useOwnCostCentres(shop, !!claims?.org);
  const [costCentre, setCostCentre] = useState<string>(() => readDraft().cost_centre_id ?? '');
  const costCentreRequired = costCentres.data?.required ?? false;
  // The chosen cost centre's budget against this order, before it is placed (issue 44.14).
  const forecast = useBudgetForecast(
    shop,
    { ...earlierChoices, ...(chosen.quotation_id ? { quotation_id: chosen.quotation_id } : {}), cost_centre_id: costCentre },
    costCentreRequired && costCentre !== '',
  ).data;
  // Over the cost centre's budget where the organisation sends such orders to approval (the preview
  // says so, or placement did): the same checkout is submitted instead (the API finds the budget reason itself).
  const overBudgetApproval = (problem?.kind === 'overBudget' && problem.approval) || forecast?.outcome === 'approval';
  const needsApproval = approvalApplies && (check.data?.required === true || problem?.kind === 'approvalRequired' || overBudgetApproval);
  useUnsavedChangesGuard(leavingTo === null && JSON.stringify(form.values) !== JSON.stringify(kept));
  useEffect(() => {
    if (!leavingTo) return;
    // The provider's hosted page is outside the portal: a full navigation.
    if (/^https?:\/\//.test(leavingTo) || leavingTo.startsWith('/api/')) window.location.assign(leavingTo);
    else navigate(leavingTo);
  }, [leavingTo, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const submitter = form.validate(SubmitterSchema);
    if (!submitter) return setProblem({ kind: 'incomplete' });
    if (costCentreRequired && !costCentre) return setProblem({ kind: 'costCentre', message: MESSAGE_KEYS.costCentreRequired });
    const draft = writeDraft({ submitter: form.values, cost_centre_id: costCentreRequired ? costCentre : undefined });
    setKept(form.values);
    const body = v.safeParse(CheckoutSchema, {
      billing_address_id: draft.billing_address_id ?? '',
      delivery_address_id: draft.delivery_address_id ?? '',
      shipping_method: draft.shipping_method ?? '',
      ...(draft.discount_code ? { discount_code: draft.discount_code } : {}),
      ...(draft.external_order_number ? { external_order_number: draft.external_order_number } : {}),
      ...(draft.remarks ? { remarks: draft.remarks } : {}),
      ...(draft.quotation_id ? { quotation_id: draft.quotation_id } : {}),
      ...(draft.cost_centre_id ? { cost_centre_id: draft.cost_centre_id } : {}),
      submitter,
    });
    // An earlier step not done (a new tab, a reload after the draft expired): say so, with the way back.
    if (!body.success) return setProblem({ kind: 'earlierStep' });
    try {
      if (needsApproval) {
        const submitted = await submitForApproval.mutateAsync(body.output);
        clearDraft();
        setLeavingTo(`/${locale}/my-orders/approvals/${submitted.id}`);
        return;
      }
      const placed = await place.mutateAsync(body.output);
      clearDraft();
      setLeavingTo(placed.payment_url ?? `/${locale}/checkout/order/${placed.id}`);
    } catch (error) {
      const found = problemOf(error);
      if (!Array.isArray(found) && found.kind === 'approvalRequired') void check.refetch();
      if (Array.isArray(found)) {
        form.showErrors(found);
        setProblem({ kind: 'incomplete' });
      } else setProblem(found);
    }
  }

  const webshop = !claims?.org;
  return (
    <form ref={attachForm} onSubmit={(e) => void onSubmit(e)} noValidate aria-label={intl.formatMessage({ id: 'title.checkout_personal_info' })}>
      <Stack gap="md" maw={640}>
        {/* This step's own fields: they say what is missing; the earlier step is not to blame (issue 32). */}
        {problem?.kind === 'incomplete' ? <Notice tone="red" title={<FormattedMessage id={MESSAGE_KEYS.formIncomplete} />} role="alert" testId="form-incomplete" /> : null}
        {problem?.kind === 'earlierStep' ? (
          <Notice tone="red" title={<FormattedMessage id={MESSAGE_KEYS.formIncomplete} />} role="alert" testId="form-incomplete">
            <Anchor component={Link} to={`/${locale}/checkout/extra-info`}>
              <FormattedMessage id="checkout.incomplete.backToExtraInfo" />
            </Anchor>
          </Notice>
        ) : null}
        {problem?.kind === 'quotation' ? <Notice tone="red" title={<FormattedMessage id={problem.message} />} role="alert" testId="quotation-refused" /> : null}
        {problem?.kind === 'refused' ? <OrderRefused refusal={problem.refusal} /> : null}
        {problem?.kind === 'busy' ? <Notice tone="blue" title={<FormattedMessage id="checkout.place.inProgress" />} role="alert" /> : null}
        {problem?.kind === 'cartBusy' ? <Notice tone="blue" title={<FormattedMessage id="checkout.place.cartBusy" />} role="alert" testId="cart-busy" /> : null}
        {problem?.kind === 'punchout' ? <PunchoutNotice role="alert" /> : null}
        {problem?.kind === 'customersOnly' ? <Notice tone="red" title={<FormattedMessage id="checkout.place.customersOnly" />} role="alert" testId="customers-only" /> : null}
        {problem?.kind === 'tooLarge' ? (
          <Notice tone="red" title={<FormattedMessage id={MESSAGE_KEYS.orderAmountTooLarge} values={{ count: problem.count }} />} role="alert" testId="amount-too-large" />
        ) : null}
        {problem?.kind === 'overBudget' ? (
          <Notice
            tone={problem.approval ? 'blue' : 'red'}
            title={
              problem.refusal ? (
                <FormattedMessage
                  id={problem.approval ? 'checkout.budget.approvalRequired' : 'checkout.budget.exceeded'}
                  values={{ name: `${problem.refusal.cost_centre.code} — ${problem.refusal.cost_centre.name}`, remaining: money(problem.refusal.remaining_cents) }}
                />
              ) : (
                <FormattedMessage id="checkout.place.failed" />
              )
            }
            role="alert"
            testId="budget-exceeded"
          />
        ) : null}
        {problem?.kind === 'failed' ? <Notice tone="red" title={<FormattedMessage id="checkout.place.failed" />} role="alert" testId="place-failed" /> : null}
        {needsApproval ? (
          <Notice tone="blue" title={<FormattedMessage id="checkout.approval.title" />} role={problem?.kind === 'approvalRequired' ? 'alert' : 'status'} testId="approval-needed">
            <FormattedMessage id="checkout.approval.text" />
          </Notice>
        ) : null}
        <Group grow align="flex-start">
          <Input label={<FormattedMessage id="checkout.submitter.firstName" />} autoComplete="given-name" required {...form.field('first_name')} />
          <Input label={<FormattedMessage id="checkout.submitter.lastName" />} autoComplete="family-name" required {...form.field('last_name')} />
        </Group>
        <Input label={<FormattedMessage id="checkout.submitter.function" />} autoComplete="organization-title" required {...form.field('function')} />
        <Input
          label={<FormattedMessage id="checkout.submitter.fullName" />}
          description={<FormattedMessage id="checkout.submitter.fullNameHint" />}
          autoComplete="name"
          required
          {...form.field('full_name')}
        />
        {costCentres.data ? (
          <CostCentreChoice
            choice={costCentres.data}
            value={costCentre}
            onChange={(id) => {
              setCostCentre(id);
              if (problem?.kind === 'costCentre' || problem?.kind === 'overBudget') setProblem(null);
            }}
            error={problem?.kind === 'costCentre' ? intl.formatMessage({ id: problem.message }) : undefined}
          />
        ) : null}
        {/* The shared wording, word for word: the API stores this text and its version with the order. */}
        <Checkbox label={AUTHORISATION_DECLARATION.text[locale === 'xx' ? 'en' : locale]} required {...form.checkbox('declaration')} />
        {/* Placement's own refusal, once placed, says it at the top instead. */}
        {problem?.kind === 'overBudget' ? null : <BudgetForecastNotice forecast={forecast} />}
        <Group justify="space-between" mt="md">
          <ButtonLink component={Link} to={`/${locale}/checkout/extra-info`} variant="outline">
            <FormattedMessage id="checkout.back" />
          </ButtonLink>
          <Button type="submit" loading={place.isPending || submitForApproval.isPending || leavingTo !== null} data-testid="place-order">
            <FormattedMessage id={needsApproval ? 'checkout.approval.submit' : webshop ? 'checkout.place.pay' : 'checkout.place.onAccount'} />
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
