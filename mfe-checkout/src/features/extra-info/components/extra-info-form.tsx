// The extra-info step (spec section 2): billing and delivery address, shipping method, discount
// code, the buyer's order reference and remarks. Going on checks the step ("Select a shipping
// method", "The form has not been completed completely"), saves typed addresses to the book and
// keeps the choices for the next step. Leaving with unsaved input asks first.
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type * as v from 'valibot';
import { Link, useNavigate } from '@portal/shared/router';
import { isApiError, type ShopType } from '@portal/shared/api';
import { useForm } from '@portal/shared/form';
import { useLocale, useUnsavedChangesGuard } from '@portal/shared/navigation';
import type { AddressInput } from '@portal/shared/schemas/phone-forms';
import { API_ERRORS, MESSAGE_KEYS, type Address, type FieldError } from '@portal/shared/schemas/checkout';
import { ButtonLink, Button, Divider, Group, Stack, Title } from '@portal/shared/ui';
import { Input, Textarea } from '@portal/shared/ui/forms';
import { Anchor, Notice, NOTICE_LINK } from '@portal/shared/ui';
import { readDraft, writeDraft } from '../../../lib/checkout-draft';
import { hasLineProblems } from '../../../lib/line-problem';
import { useVatPreference } from '@portal/shared/preferences';
import { useCreateAddress } from '../api/create-address';
import { usePreview } from '../api/get-preview';
import { deliveryCountryOf, extraInfoSchema, initialValues, NEW_ADDRESS, type ExtraInfoValues } from '../lib/extra-info-form';
import { AddressChoice } from './address-choice';
import { DiscountCode } from './discount-code';
import { PreviewTotals } from './preview-totals';
import { ShippingMethods } from './shipping-methods';
import classes from './extra-info-form.module.css';

export function ExtraInfoForm({ shop, book, quotationId }: { shop: ShopType; book: Address[]; quotationId: string | null }) {
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const [initial] = useState(() => initialValues(readDraft(), book));
  const form = useForm<ExtraInfoValues>(initial);
  const { attachForm } = form;
  const { values } = form;
  const [applied, setApplied] = useState<string | undefined>(() => readDraft().discount_code);
  const [incomplete, setIncomplete] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [inclVat] = useVatPreference();
  const createAddress = useCreateAddress();
  // Where to go once saved; navigating from an effect lets the guard stand down first.
  const [leavingTo, setLeavingTo] = useState<string | null>(null);
  useUnsavedChangesGuard(leavingTo === null && JSON.stringify(values) !== JSON.stringify(initial));
  useEffect(() => {
    if (leavingTo) navigate(leavingTo);
  }, [leavingTo, navigate]);

  const country = deliveryCountryOf(values, book);
  // A method of another country is no choice any more.
  const [methodCountry, setMethodCountry] = useState(country);
  if (methodCountry !== country) {
    setMethodCountry(country);
    if (values.shipping_method) form.setValue('shipping_method', '');
  }
  const previewRequest = {
    ...(quotationId ? { quotation_id: quotationId } : {}),
    ...(country ? { delivery_country: country } : {}),
    ...(values.shipping_method ? { shipping_method: values.shipping_method } : {}),
    ...(applied ? { discount_code: applied } : {}),
  };

  // The cart's lines that cannot be ordered as they are send the buyer back to the cart, where each
  // is marked, instead of letting "Place order" refuse them (issue 32). The totals' preview (same query).
  const preview = usePreview(shop, previewRequest, true);
  const cartBlocked = quotationId === null && preview.data !== undefined && hasLineProblems(preview.data.lines);

  const save = async (role: 'billing' | 'delivery'): Promise<string> => {
    const id = values[`${role}_address_id`];
    if (id !== NEW_ADDRESS) return id;
    const typed = values[role === 'billing' ? 'new_billing' : 'new_delivery'];
    const saved = await createAddress.mutateAsync({ ...typed, box: typed.box || undefined } as AddressInput);
    form.setValue(`${role}_address_id`, saved.id);
    return saved.id;
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    if (cartBlocked) return;
    const parsed = form.validate(extraInfoSchema(values) as v.GenericSchema);
    setIncomplete(parsed === null);
    if (!parsed) return;
    setBusy(true);
    try {
      const billing = await save('billing');
      const delivery = await save('delivery');
      writeDraft({
        billing_address_id: billing,
        delivery_address_id: delivery,
        delivery_country: country,
        shipping_method: values.shipping_method,
        discount_code: applied,
        external_order_number: values.external_order_number.trim() || undefined,
        remarks: values.remarks.trim() || undefined,
      });
      setLeavingTo(`/${locale}/checkout/personal-info`);
    } catch (error) {
      if (isApiError(error) && error.code === API_ERRORS.VALIDATION_FAILED && error.problem?.errors?.length) {
        const role = values.billing_address_id === NEW_ADDRESS ? 'new_billing' : 'new_delivery';
        form.showErrors(error.problem.errors.map((e): FieldError => ({ ...e, path: `${role}.${e.path}` })));
        setIncomplete(true);
      } else setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={attachForm} onSubmit={(e) => void onSubmit(e)} noValidate aria-label={intl.formatMessage({ id: 'title.checkout_extra_info' })}>
      {/* The summary beside the form from md on (below it on a phone), in view while the buyer scrolls. */}
      <div className={classes.layout}>
        <Stack gap="xl" className={classes.main}>
          {incomplete ? (
            <Notice tone="red" title={<FormattedMessage id={MESSAGE_KEYS.formIncomplete} />} role="alert" testId="form-incomplete" />
          ) : null}
          {cartBlocked ? (
            <Notice tone="red" role="alert" icon="alertCircle" title={<FormattedMessage id="checkout.cart.problems.title" />} testId="cart-problems">
              <Anchor component={Link} to={`/${locale}/checkout/overview`} {...NOTICE_LINK}>
                <FormattedMessage id="checkout.cart.problems.back" />
              </Anchor>
            </Notice>
          ) : null}
          {quotationId ? <Notice tone="blue" title={<FormattedMessage id="checkout.quotation.ordering" />} testId="checkout-quotation" /> : null}
          {failed ? <Notice tone="red" title={<FormattedMessage id="checkout.address.saveFailed" />} role="alert" /> : null}
          <section aria-labelledby="addresses-heading">
            <Title order={2} size="h4" id="addresses-heading" mb="sm">
              <FormattedMessage id="checkout.address.title" />
            </Title>
            <Stack gap="lg">
              <AddressChoice role="billing" book={book} form={form} />
              <AddressChoice role="delivery" book={book} form={form} />
            </Stack>
          </section>
          <Divider />
          <ShippingMethods shop={shop} country={country} quotationId={quotationId} form={form} />
          <Divider />
          <DiscountCode shop={shop} form={form} applied={applied} onApplied={setApplied} context={previewRequest} />
          <Input
            label={<FormattedMessage id="checkout.externalOrderNumber" />}
            description={<FormattedMessage id="checkout.externalOrderNumber.hint" />}
            {...form.field('external_order_number')}
          />
          <Textarea
            label={<FormattedMessage id="checkout.remarks" />}
            autosize
            minRows={3}
            {...form.field('remarks')}
            onChange={(e) => form.setValue('remarks', e.currentTarget.value)}
          />
          <Group justify="space-between">
            {quotationId ? (
              <ButtonLink component={Link} to={`/${locale}/quotations/${encodeURIComponent(quotationId)}`} variant="outline">
                <FormattedMessage id="checkout.quotation.back" />
              </ButtonLink>
            ) : (
              <ButtonLink component={Link} to={`/${locale}/checkout/overview`} variant="outline">
                <FormattedMessage id="checkout.backToCart" />
              </ButtonLink>
            )}
            <Button type="submit" loading={busy} disabled={cartBlocked}>
              <FormattedMessage id="checkout.next" />
            </Button>
          </Group>
        </Stack>
        <aside className={classes.summary} aria-labelledby="checkout-summary-heading">
          <PreviewTotals shop={shop} request={previewRequest} inclVat={inclVat} showLines={quotationId !== null} />
        </aside>
      </div>
    </form>
  );
}
