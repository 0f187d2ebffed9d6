// The languages a person's mails can be in (decision 061), each named in itself as a language menu
// names them, so a reader of another language finds theirs: the invitation's and the profile's choice.
const NAMES = { nl: 'Nederlands', fr: 'Français', en: 'English' } as const;

export const MAIL_LANGUAGE_CHOICES = (Object.keys(NAMES) as (keyof typeof NAMES)[]).map((value) => ({ value, label: NAMES[value] }));
