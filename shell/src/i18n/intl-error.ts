import type { IntlConfig } from 'react-intl';

/**
 * react-intl reports every missing translation and locale-data gap. The pseudo-locale `xx` has no
 * CLDR data by design, so that error is expected; a missing message is a real defect and is logged
 * (the i18n tests fail the build on it before it ever reaches a user).
 */
export const onIntlError: NonNullable<IntlConfig['onError']> = (error) => {
  if (error.code === 'MISSING_DATA' || error.code === 'UNSUPPORTED_FORMATTER') return;
  console.error(error.message);
};
