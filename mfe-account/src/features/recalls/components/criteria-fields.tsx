// A recall's criteria and texts as form fields (lots, serial numbers, expiry range, reason and
// instructions in en/nl/fr): the opening form and the correction dialog show the same fields over
// the same flat state, each marked with the API's error for its path.
import { useIntl } from 'react-intl';
import { Input, Textarea } from '@portal/shared/ui/forms';

export const LANGS = ['en', 'nl', 'fr'] as const;

/** A comma-, semicolon- or space-separated list as the API takes it. */
export const list = (text: string) => text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);

interface Props {
  fields: Record<string, string>;
  set: (name: string) => (event: { currentTarget: { value: string } }) => void;
  errorOf: (path: string) => string | undefined;
  /** The lots take the focus when the fields open in a dialog. */
  autoFocusLots?: boolean;
}

export function CriteriaFields({ fields, set, errorOf, autoFocusLots }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <>
      <Input label={t('account.recalls.form.lots')} description={t('account.recalls.form.listHint')} value={fields.lots ?? ''} onChange={set('lots')} error={errorOf('lots')} {...(autoFocusLots ? { 'data-autofocus': true } : {})} />
      <Input label={t('account.recalls.form.serials')} description={t('account.recalls.form.listHint')} value={fields.serials ?? ''} onChange={set('serials')} error={errorOf('serial_numbers')} />
      <Input type="date" label={t('account.recalls.form.expiryFrom')} value={fields.expiry_from ?? ''} onChange={set('expiry_from')} error={errorOf('expiry_from')} />
      <Input type="date" label={t('account.recalls.form.expiryTo')} value={fields.expiry_to ?? ''} onChange={set('expiry_to')} error={errorOf('expiry_to')} />
      {LANGS.map((lang) => (
        <Textarea key={`reason-${lang}`} required autosize minRows={2} label={t('account.recalls.form.reason', { lang: lang.toUpperCase() })} value={fields[`reason_${lang}`] ?? ''} onChange={set(`reason_${lang}`)} error={errorOf(`reason.${lang}`)} />
      ))}
      {LANGS.map((lang) => (
        <Textarea key={`instructions-${lang}`} required autosize minRows={2} label={t('account.recalls.form.instructions', { lang: lang.toUpperCase() })} value={fields[`instructions_${lang}`] ?? ''} onChange={set(`instructions_${lang}`)} error={errorOf(`instructions.${lang}`)} />
      ))}
    </>
  );
}
