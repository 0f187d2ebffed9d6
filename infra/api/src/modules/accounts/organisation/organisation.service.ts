// The contract page: the company of spec section 3 and its contract (number, period, conditions,
// payment terms, free shipping threshold, discounts) with the people to contact.
import { ACCOUNT_ERRORS, type OrganisationDetails } from '@portal/shared/schemas';
import type { Caller } from '../../../caller';
import { requireCustomer } from '../../../common/scope';
import { AppError } from '../../../errors';
import type { OrganisationRepository, PersonRow } from './organisation.repository';

const person = (p: PersonRow | undefined) => (p ? { name: `${p.first_name} ${p.last_name}`, email: p.email, phone: p.phone } : null);

export function createOrganisationService(deps: { repo: OrganisationRepository }) {
  const { repo } = deps;
  return {
    async read(caller: Caller, locale: string): Promise<OrganisationDetails> {
      const customer = requireCustomer(caller, { code: ACCOUNT_ERRORS.CUSTOMERS_ONLY, message: 'The contract page is for customer accounts' });
      const org = await repo.organisation(customer);
      if (!org) throw new AppError(404, ACCOUNT_ERRORS.NO_ORGANISATION, 'Your account has no organisation with a contract');
      const [people, contract, addresses, discounts] = await Promise.all([
        repo.people([org.primary_contact_user_id, org.sales_consultant_id, org.case_manager_id].filter((id): id is string => Boolean(id))),
        repo.contract(org.id, locale),
        repo.addresses(customer),
        repo.discounts(org.id),
      ]);
      const deliveryCountry = addresses.find((a) => a.type === 'shipping' && a.is_default)?.country ?? addresses.find((a) => a.type === 'shipping')?.country ?? 'BE';
      return {
        id: org.id,
        name: org.name,
        vat_number: org.vat_number,
        billing_email: org.billing_email,
        website: org.website,
        client_type: org.client_type,
        organisation_type: org.organisation_type,
        customer_number: org.customer_number,
        primary_contact: person(org.primary_contact_user_id ? people.get(org.primary_contact_user_id) : undefined),
        sales_consultant: person(org.sales_consultant_id ? people.get(org.sales_consultant_id) : undefined),
        case_manager: person(org.case_manager_id ? people.get(org.case_manager_id) : undefined),
        addresses: addresses.map((a) => ({ ...a, box: a.box || null })),
        contract: contract
          ? {
              ...contract,
              free_shipping_from_excl_vat: await repo.freeShippingFrom(deliveryCountry),
              discounts: discounts.map((d) => ({
                code: d.code,
                kind: d.kind === 'percent' ? ('percentage' as const) : ('fixed' as const),
                // Percentages are stored in basis points.
                value: d.kind === 'percent' ? d.value / 100 : d.value,
                valid_until: d.valid_until,
              })),
              // No signed contract documents are stored yet; the page offers a download when one is.
              document_url: null,
            }
          : null,
      };
    },
  };
}

export type OrganisationService = ReturnType<typeof createOrganisationService>;
