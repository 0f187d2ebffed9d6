// Examples of the recalls' routes for the OpenAPI document (checked against their schemas at registration).
import type { Recall, RecallClose, RecallCorrect, RecallOpen } from '@portal/shared/schemas';

const reason = {
  en: 'Sterile barrier may be compromised on units of these lots.',
  nl: 'De steriele barrière van eenheden uit deze loten kan beschadigd zijn.',
  fr: 'La barrière stérile des unités de ces lots peut être compromise.',
};
const instructions = {
  en: 'Stop using the units, count what you hold and return it with the prepaid label.',
  nl: 'Gebruik de eenheden niet meer, tel wat u hebt en stuur het terug met het gefrankeerde etiket.',
  fr: 'Cessez d’utiliser les unités, comptez ce que vous détenez et renvoyez-le avec l’étiquette prépayée.',
};

export const RECALL_OPEN_EXAMPLE: RecallOpen = {
  kind: 'field_safety_notice',
  reference: 'FSCA-2026-014',
  gtin: '05412345000013',
  lots: ['L2405A', 'L2405B'],
  reason,
  instructions,
};

export const RECALL_EXAMPLE: Recall = {
  id: '5b3f1c2e-8a4d-4e6f-9a1b-2c3d4e5f6a7b',
  kind: 'field_safety_notice',
  reference: 'FSCA-2026-014',
  gtin: '05412345000013',
  lots: ['L2405A', 'L2405B'],
  serial_numbers: [],
  expiry_from: null,
  expiry_to: null,
  opened_at: '2026-12-07T09:12:00.000Z',
  opened_by: 'ERP',
  corrected_at: null,
  corrected_by: null,
  closed_at: null,
  closed_by: null,
  closing_note: null,
  reason,
  instructions,
  units_received: 40,
  units_outstanding: 40,
  organisations_told: 1,
  organisations_answered: 0,
  customers_told: 0,
  customers_answered: 0,
  receivers: [
    {
      organisation_id: '0f6e3c1a-2b4d-4c5e-8f9a-1b2c3d4e5f60',
      organisation_name: 'AZ Sint-Jan',
      customer_name: null,
      units_received: 40,
      told: ['admin@azsintjan.example', 'buyer@azsintjan.example'],
      told_at: '2026-12-07T09:12:00.000Z',
      answered_at: null,
      answered_by: null,
      units_on_hand: null,
      units_used: null,
      units_to_return: null,
      units_outstanding: 40,
      deliveries: [
        { order_number: 'SO-2026-000412', shipment_id: 'WH-88120', shipped_on: '2026-11-27', lot: 'L2405A', expiry_on: '2028-05-31', serial_numbers: [], units: 40, delivery_address: 'Central store, Ruddershove 10, 8000 Brugge, BE' },
      ],
    },
  ],
};

export const RECALL_CORRECT_EXAMPLE: RecallCorrect = { lots: ['L2405A', 'L2405B', 'L2406A'] };

export const RECALL_CLOSE_EXAMPLE: RecallClose = {
  note: {
    en: 'All affected units have been returned or accounted for.',
    nl: 'Alle getroffen eenheden zijn teruggestuurd of verantwoord.',
    fr: 'Toutes les unités concernées ont été renvoyées ou justifiées.',
  },
};

/** The recall above once closed (POST …/close answers it). */
export const RECALL_CLOSED_EXAMPLE: Recall = {
  ...RECALL_EXAMPLE,
  closed_at: '2027-01-15T14:30:00.000Z',
  closed_by: 'ERP',
  closing_note: RECALL_CLOSE_EXAMPLE.note,
};
