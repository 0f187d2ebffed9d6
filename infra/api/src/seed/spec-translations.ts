// The words of the demo catalogue's technical specs and sales units in en, nl and fr. Codes,
// standards, numbers with their units and brand names are the same in every language and are kept
// as they are; everything a reader reads as words is translated here, so that no English leaks
// into the Dutch and French catalogue (issue 19).
import type { I18nText } from '../modules/catalog/tables';

const T = (en: string, nl: string, fr: string): I18nText => ({ en, nl, fr });

/** Row labels of the technical specs, by key. */
export const SPEC_LABELS: Record<string, I18nText> = {
  material: T('Material', 'Materiaal', 'Matière'),
  closure: T('Closure', 'Sluiting', 'Fermeture'),
  protection: T('Protection', 'Bescherming', 'Protection'),
  standard: T('Standard', 'Norm', 'Norme'),
  retention: T('Retention', 'Bevestiging', 'Maintien'),
  powder: T('Powder', 'Poeder', 'Poudre'),
  cut: T('Cut resistance', 'Snijweerstand', 'Résistance à la coupure'),
  snr: T('Noise reduction (SNR)', 'Geluidsdemping (SNR)', 'Atténuation (SNR)'),
  battery: T('Battery', 'Batterij', 'Batterie'),
  output: T('Output', 'Vermogen', 'Puissance'),
  runtime: T('Runtime', 'Brandduur', 'Autonomie'),
  colourTemperature: T('Colour temperature', 'Kleurtemperatuur', 'Température de couleur'),
  filters: T('Filters', 'Filters', 'Filtres'),
  illuminance: T('Illuminance', 'Verlichtingssterkte', 'Éclairement'),
  magnification: T('Magnification', 'Vergroting', 'Grossissement'),
  objective: T('Objective lens', 'Objectief', 'Objectif'),
  generation: T('Generation', 'Generatie', 'Génération'),
  fieldOfView: T('Field of view', 'Gezichtsveld', 'Champ de vision'),
  sensor: T('Sensor', 'Sensor', 'Capteur'),
  detection: T('Detection range', 'Detectiebereik', 'Portée de détection'),
  modes: T('Modes', 'Standen', 'Modes'),
  duration: T('Duration', 'Duur', 'Durée'),
  length: T('Length', 'Lengte', 'Longueur'),
  band: T('Frequency band', 'Frequentieband', 'Bande de fréquences'),
  encryption: T('Encryption', 'Versleuteling', 'Chiffrement'),
  range: T('Range', 'Bereik', 'Portée'),
  connector: T('Connector', 'Connector', 'Connecteur'),
  gnss: T('Satellite systems', 'Satellietsystemen', 'Systèmes satellitaires'),
  frequency: T('Frequency', 'Frequentie', 'Fréquence'),
  scale: T('Scale', 'Schaalverdeling', 'Graduation'),
  scales: T('Map scales', 'Kaartschalen', 'Échelles de carte'),
  capacity: T('Capacity', 'Capaciteit', 'Capacité'),
  voltage: T('Voltage', 'Spanning', 'Tension'),
  volume: T('Volume', 'Inhoud', 'Volume'),
  pouches: T('Pouches', 'Tassen', 'Poches'),
  width: T('Width', 'Breedte', 'Largeur'),
  attachment: T('Attachment', 'Bevestigingssysteem', 'Fixation'),
  size: T('Size', 'Afmeting', 'Dimensions'),
  comfort: T('Comfort temperature', 'Comforttemperatuur', 'Température de confort'),
  filter: T('Filter', 'Filter', 'Filtre'),
  functions: T('Functions', 'Functies', 'Fonctions'),
  application: T('Application', 'Toepassing', 'Application'),
  indicator: T('Indicator', 'Indicator', 'Indicateur'),
  sterile: T('Sterile', 'Steriel', 'Stérile'),
  agent: T('Haemostatic agent', 'Hemostatisch middel', 'Agent hémostatique'),
  adhesive: T('Adhesive', 'Kleeflaag', 'Adhésif'),
  contents: T('Contents', 'Inhoud', 'Contenu'),
  casualties: T('Casualties', 'Slachtoffers', 'Victimes'),
  canister: T('Canister', 'Opvangbus', 'Bocal'),
  load: T('Maximum load', 'Maximale belasting', 'Charge maximale'),
  display: T('Display', 'Scherm', 'Écran'),
  cuff: T('Cuff', 'Manchet', 'Brassard'),
  accuracy: T('Accuracy', 'Nauwkeurigheid', 'Précision'),
  languages: T('Languages', 'Talen', 'Langues'),
  splints: T('Splints', 'Spalken', 'Attelles'),
  shell: T('Shell', 'Schaal', 'Coque'),
  thread: T('Thread', 'Schroefdraad', 'Filetage'),
};

/** Spec values that are words, by their English text (everything else is a code or a number). */
export const SPEC_VALUES: Record<string, Omit<I18nText, 'en'>> = {
  'Quick release': { nl: 'Snelsluiting', fr: 'Dégagement rapide' },
  'NIJ IV stand-alone': { nl: 'NIJ IV zelfstandig', fr: 'NIJ IV autonome' },
  'Alumina ceramic / PE': { nl: 'Aluminiumoxidekeramiek / PE', fr: 'Céramique d’alumine / PE' },
  'BOA dial': { nl: 'BOA-draaiknop', fr: 'Molette BOA' },
  'Nomex / goatskin': { nl: 'Nomex / geitenleer', fr: 'Nomex / cuir de chèvre' },
  'Powder free': { nl: 'Poedervrij', fr: 'Sans poudre' },
  'EN 388 level F': { nl: 'EN 388 niveau F', fr: 'EN 388 niveau F' },
  '94% polyester, 6% elastane': { nl: '94 % polyester, 6 % elastaan', fr: '94 % polyester, 6 % élasthanne' },
  'AAMI PB70 level 3': { nl: 'AAMI PB70 niveau 3', fr: 'AAMI PB70 niveau 3' },
  '2 h high / 40 h low': { nl: '2 u hoog / 40 u laag', fr: '2 h fort / 40 h faible' },
  'Red, green, blue': { nl: 'Rood, groen, blauw', fr: 'Rouge, vert, bleu' },
  'IR strobe, visible strobe, steady': { nl: 'IR-flits, zichtbare flits, continu', fr: 'Stroboscope IR, stroboscope visible, continu' },
  'up to 5 km': { nl: 'tot 5 km', fr: 'jusqu’à 5 km' },
  '35 h': { nl: '35 u', fr: '35 h' },
  '7 years': { nl: '7 jaar', fr: '7 ans' },
  'mils / degrees': { nl: 'mils / graden', fr: 'millièmes / degrés' },
  '6 removable': { nl: '6 afneembare', fr: '6 amovibles' },
  '12 h': { nl: '12 u', fr: '12 h' },
  'Upper and lower limb': { nl: 'Boven- en onderste ledematen', fr: 'Membres supérieurs et inférieurs' },
  'Pressure triangles': { nl: 'Drukdriehoeken', fr: 'Triangles de pression' },
  yes: { nl: 'ja', fr: 'oui' },
  Kaolin: { nl: 'Kaolien', fr: 'Kaolin' },
  Hydrogel: { nl: 'Hydrogel', fr: 'Hydrogel' },
  '9 items': { nl: '9 stuks', fr: '9 articles' },
  Polyethylene: { nl: 'Polyetheen', fr: 'Polyéthylène' },
  'Adult 22-32 cm': { nl: 'Volwassene 22-32 cm', fr: 'Adulte 22-32 cm' },
  'Arm, leg, small': { nl: 'Arm, been, klein', fr: 'Bras, jambe, petite' },
  'Polycarbonate 4 mm': { nl: 'Polycarbonaat 4 mm', fr: 'Polycarbonate 4 mm' },
  Polymer: { nl: 'Polymeer', fr: 'Polymère' },
  'EN 136 class 3': { nl: 'EN 136 klasse 3', fr: 'EN 136 classe 3' },
  '2 x AAA': { nl: '2 × AAA', fr: '2 × AAA' },
  '384 x 288, 12 µm': { nl: '384 × 288, 12 µm', fr: '384 × 288, 12 µm' },
  '3 x 3 m': { nl: '3 × 3 m', fr: '3 × 3 m' },
  '160 x 210 cm': { nl: '160 × 210 cm', fr: '160 × 210 cm' },
  '-5 °C': { nl: '-5 °C', fr: '-5 °C' },
  'NATO 6-pin': { nl: 'NATO 6-polig', fr: 'OTAN 6 broches' },
  '2-pin': { nl: '2-polig', fr: '2 broches' },
  'Dutch, French, English': { nl: 'Nederlands, Frans, Engels', fr: 'néerlandais, français, anglais' },
};


/** A spec as stored: its label and value in every language. */
export interface LocalizedSpec {
  label: I18nText;
  value: I18nText;
}

/** The template's specs with their labels and values in en, nl and fr. */
export function localizedSpecs(specs: Record<string, string>): Record<string, LocalizedSpec> {
  return Object.fromEntries(
    Object.entries(specs).map(([key, en]) => {
      const label = SPEC_LABELS[key] ?? T(key, key, key);
      const words = SPEC_VALUES[en];
      return [key, { label, value: { en, nl: words?.nl ?? en, fr: words?.fr ?? en } }];
    }),
  );
}
