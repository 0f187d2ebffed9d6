// The shipping policy and the shipping rates say the same (issue 32): the policy named Belgium and
// the Netherlands while the checkout priced Luxembourg, France and Germany, so "No shipping method
// available for this country" could never appear. DELIVERY_COUNTRIES is the one list (the address
// forms offer the same, decision 061); the policy must name exactly its countries in every language
// and none of the countries the forms once offered (the rates are checked in checkout.routes.test).
import { describe, expect, it } from 'vitest';
import { DELIVERY_COUNTRIES } from '@portal/shared/schemas';
import { POLICY_ENTRIES } from './policies-data';

/** How the policy names the delivery countries and those the address forms once offered. */
const NAMES: Record<'en' | 'nl' | 'fr', Record<string, RegExp>> = {
  en: { BE: /Belgium/, NL: /Netherlands/, LU: /Luxembourg/, FR: /France/, DE: /Germany/ },
  nl: { BE: /België/, NL: /Nederland\b/, LU: /Luxemburg/, FR: /Frankrijk/, DE: /Duitsland/ },
  fr: { BE: /Belgique/, NL: /Pays-Bas/, LU: /Luxembourg/, FR: /\bFrance\b/, DE: /Allemagne/ },
};

describe('delivery countries', () => {
  const policy = POLICY_ENTRIES.find((e) => e.key === 'policies.shipping-policy.body')!;

  it.each(['en', 'nl', 'fr'] as const)('the shipping policy (%s) names the delivery countries and no other', (locale) => {
    for (const [country, name] of Object.entries(NAMES[locale])) {
      const named = name.test(policy[locale]);
      expect(named, `${locale} ${country}`).toBe((DELIVERY_COUNTRIES as readonly string[]).includes(country));
    }
  });
});
