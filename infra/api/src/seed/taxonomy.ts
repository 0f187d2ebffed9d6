// Product families (spec section 1), their sub-categories, product groups, brands and colours.
import type { I18nText } from '../modules/catalog/tables';

export interface Family {
  slug: string;
  name: I18nText;
  subs: { slug: string; name: I18nText }[];
}

export const FAMILIES: Family[] = [
  {
    slug: 'personal-protective-gear',
    name: { en: 'Personal protective gear', nl: 'Persoonlijke beschermingsmiddelen', fr: 'Équipements de protection individuelle' },
    subs: [
      { slug: 'body-armour', name: { en: 'Body armour', nl: 'Kogelwerende vesten', fr: 'Gilets pare-balles' } },
      { slug: 'helmets', name: { en: 'Helmets', nl: 'Helmen', fr: 'Casques' } },
      { slug: 'gloves', name: { en: 'Gloves', nl: 'Handschoenen', fr: 'Gants' } },
      { slug: 'eye-and-ear-protection', name: { en: 'Eye and ear protection', nl: 'Oog- en gehoorbescherming', fr: 'Protection oculaire et auditive' } },
      { slug: 'protective-clothing', name: { en: 'Protective clothing', nl: 'Beschermende kleding', fr: 'Vêtements de protection' } },
    ],
  },
  {
    slug: 'vision-and-lights',
    name: { en: 'Vision and lights', nl: 'Zicht en verlichting', fr: 'Vision et éclairage' },
    subs: [
      { slug: 'flashlights', name: { en: 'Flashlights', nl: 'Zaklampen', fr: 'Lampes torches' } },
      { slug: 'headlamps', name: { en: 'Headlamps', nl: 'Hoofdlampen', fr: 'Lampes frontales' } },
      { slug: 'binoculars', name: { en: 'Binoculars', nl: 'Verrekijkers', fr: 'Jumelles' } },
      { slug: 'night-vision', name: { en: 'Night vision and thermal', nl: 'Nachtzicht en thermisch', fr: 'Vision nocturne et thermique' } },
      { slug: 'signal-lights', name: { en: 'Signal and marker lights', nl: 'Signaal- en markeerlampen', fr: 'Feux de signalisation et de marquage' } },
    ],
  },
  {
    slug: 'communication-and-navigation',
    name: { en: 'Communication and navigation', nl: 'Communicatie en navigatie', fr: 'Communication et navigation' },
    subs: [
      { slug: 'radios', name: { en: 'Radios', nl: 'Portofoons', fr: 'Radios' } },
      { slug: 'headsets', name: { en: 'Headsets', nl: 'Headsets', fr: 'Casques audio' } },
      { slug: 'gps-navigation', name: { en: 'GPS navigation', nl: 'GPS-navigatie', fr: 'Navigation GPS' } },
      { slug: 'compasses', name: { en: 'Compasses', nl: 'Kompassen', fr: 'Boussoles' } },
      { slug: 'power-and-batteries', name: { en: 'Power and batteries', nl: 'Stroom en batterijen', fr: 'Alimentation et batteries' } },
    ],
  },
  {
    slug: 'field-equipment',
    name: { en: 'Field equipment', nl: 'Veldmateriaal', fr: 'Équipement de terrain' },
    subs: [
      { slug: 'backpacks', name: { en: 'Backpacks', nl: 'Rugzakken', fr: 'Sacs à dos' } },
      { slug: 'load-carriage', name: { en: 'Load carriage', nl: 'Draagsystemen', fr: 'Systèmes de portage' } },
      { slug: 'shelter', name: { en: 'Shelter and sleeping', nl: 'Onderdak en slapen', fr: 'Abri et couchage' } },
      { slug: 'hydration', name: { en: 'Hydration', nl: 'Hydratatie', fr: 'Hydratation' } },
      { slug: 'tools', name: { en: 'Tools', nl: 'Gereedschap', fr: 'Outils' } },
    ],
  },
  {
    slug: 'tactical-medicine',
    name: { en: 'Tactical medicine', nl: 'Tactische geneeskunde', fr: 'Médecine tactique' },
    subs: [
      { slug: 'tourniquets', name: { en: 'Tourniquets', nl: 'Tourniquets', fr: 'Garrots' } },
      { slug: 'haemostatic-dressings', name: { en: 'Bandages and haemostatics', nl: 'Verbanden en hemostatica', fr: 'Pansements et hémostatiques' } },
      { slug: 'trauma-kits', name: { en: 'Trauma kits', nl: 'Traumakits', fr: 'Kits de traumatologie' } },
      { slug: 'airway', name: { en: 'Airway and breathing', nl: 'Luchtweg en ademhaling', fr: 'Voies aériennes et respiration' } },
      { slug: 'stretchers', name: { en: 'Stretchers and evacuation', nl: 'Brancards en evacuatie', fr: 'Brancards et évacuation' } },
      { slug: 'diagnostics', name: { en: 'Diagnostics', nl: 'Diagnostiek', fr: 'Diagnostic' } },
    ],
  },
  {
    slug: 'partner-brands',
    name: { en: 'Partner brands', nl: 'Partnermerken', fr: 'Marques partenaires' },
    subs: [
      { slug: 'partner-medical', name: { en: 'Partner brands: medical', nl: 'Partnermerken: medisch', fr: 'Marques partenaires : médical' } },
      { slug: 'partner-tactical', name: { en: 'Partner brands: tactical', nl: 'Partnermerken: tactisch', fr: 'Marques partenaires : tactique' } },
    ],
  },
];

export const PRODUCT_GROUPS: { slug: string; name: I18nText }[] = [
  { slug: 'consumables', name: { en: 'Consumables', nl: 'Verbruiksgoederen', fr: 'Consommables' } },
  { slug: 'durables', name: { en: 'Durable equipment', nl: 'Duurzame uitrusting', fr: 'Équipement durable' } },
  { slug: 'apparel', name: { en: 'Apparel', nl: 'Kleding', fr: 'Habillement' } },
  { slug: 'electronics', name: { en: 'Electronics', nl: 'Elektronica', fr: 'Électronique' } },
  { slug: 'kits', name: { en: 'Kits and sets', nl: 'Kits en sets', fr: 'Kits et ensembles' } },
];

/** Invented brand names; `prefix` starts their article codes. */
export const BRANDS: { slug: string; name: string; prefix: string; partner?: boolean }[] = [
  { slug: 'aegisline', name: 'Aegisline', prefix: 'AGL' },
  { slug: 'nordwall', name: 'Nordwall Armour', prefix: 'NWA' },
  { slug: 'lumentac', name: 'Lumentac', prefix: 'LMT' },
  { slug: 'vigilux', name: 'Vigilux Optics', prefix: 'VGX' },
  { slug: 'signalis', name: 'Signalis', prefix: 'SGN' },
  { slug: 'koerslijn', name: 'Koerslijn', prefix: 'KRS' },
  { slug: 'fieldcraft', name: 'Fieldcraft Supply', prefix: 'FCS' },
  { slug: 'basecamp', name: 'Basecamp Tactical', prefix: 'BCT' },
  { slug: 'medivant', name: 'Medivant', prefix: 'MDV' },
  { slug: 'traumaready', name: 'TraumaReady', prefix: 'TRR' },
  { slug: 'halcyon-medical', name: 'Halcyon Medical', prefix: 'HLM', partner: true },
  { slug: 'ostrava-defence', name: 'Ostrava Defence Works', prefix: 'ODW', partner: true },
  { slug: 'meridian-rescue', name: 'Meridian Rescue', prefix: 'MRR', partner: true },
];
