// A product's identity as a medical device (issue 42, decision 070): its UDI-DI where it is not the
// GTIN, its class under the EU Medical Device Regulation (Annex VIII) and the implantable and
// single-use flags. The catalogue imports them with the product and shows them on its page; the
// delivery note, the Despatch Advice and the hospital's UDI export read them.
import * as v from 'valibot';
import { NullableTextSchema } from './fields';

/** The MDR risk classes (Regulation (EU) 2017/745, Annex VIII). */
export const MDR_CLASSES = ['I', 'IIa', 'IIb', 'III'] as const;
export type MdrClass = (typeof MDR_CLASSES)[number];


/** A product's medical-device facts as the product page shows them (null on the page: not a medical device). */
export const MedicalDeviceSchema = v.object({
  /** The device identifier (UDI-DI, as a GTIN-14): the product's own when it differs from its GTIN, else its GTIN; null when it has neither. */
  udi_di: NullableTextSchema,
  mdr_class: v.picklist(MDR_CLASSES),
  implantable: v.boolean(),
  single_use: v.boolean(),
});
export type MedicalDevice = v.InferOutput<typeof MedicalDeviceSchema>;

/** The article facts a device's UDI is made of: its UDI-DI if it has one of its own, else its GTIN, as 14 digits. */
// (Padded here, not with gtin.ts's gtin14: this module is in the shop entry every catalogue page starts with.)
export const udiDiOf = (p: { udiDi: string | null; gtin: string | null }): string | null => (p.udiDi ?? (p.gtin ? p.gtin.padStart(14, '0') : null));
