// The demo catalogue's pictures: flat illustrations drawn by this code, one motif per sub-category,
// so the demo data ships original artwork with no licence to track (decision 020). Each motif is a
// few SVG shapes around the centre of a 400 × 300 canvas; the views (front, close-up, packaging)
// frame the same motif differently. The output is deterministic: the same code gives the same
// bytes, so the same content hash, on every seed.

export interface Palette {
  /** The item's body. */
  main: string;
  /** Details: buckles, lenses, crosses. */
  accent: string;
  /** The background. */
  back: string;
}

const FAMILY_PALETTES: Record<string, Palette> = {
  'personal-protective-gear': { main: '#4b5d3a', accent: '#c9b27c', back: '#eef1ea' },
  'vision-and-lights': { main: '#2f3a4a', accent: '#f2c14e', back: '#edf0f5' },
  'communication-and-navigation': { main: '#263238', accent: '#4fb3e8', back: '#ebeff1' },
  'field-equipment': { main: '#7a5c3e', accent: '#d9c29c', back: '#f4efe8' },
  'tactical-medicine': { main: '#37474f', accent: '#c62828', back: '#f7eeee' },
  'partner-brands': { main: '#3d3556', accent: '#8e7cc3', back: '#efedf5' },
};
const DEFAULT_PALETTE = FAMILY_PALETTES['field-equipment']!;

export const paletteOf = (family: string): Palette => FAMILY_PALETTES[family] ?? DEFAULT_PALETTE;

type Motif = (p: Palette) => string;

const dark = 'fill="#1c2226"';

const MOTIFS: Record<string, Motif> = {
  helmets: (p) =>
    `<path d="M108 190 Q108 78 200 78 Q292 78 292 190 Z" fill="${p.main}"/><rect x="96" y="184" width="208" height="20" rx="10" ${dark}/>` +
    `<rect x="182" y="92" width="36" height="20" rx="4" fill="${p.accent}"/><path d="M130 150 Q200 120 270 150" stroke="${p.accent}" stroke-width="6" fill="none"/>`,
  'body-armour': (p) =>
    `<path d="M138 66 L176 66 Q200 100 224 66 L262 66 L284 110 L272 238 L128 238 L116 110 Z" fill="${p.main}"/>` +
    `<rect x="146" y="160" width="32" height="44" rx="5" fill="${p.accent}"/><rect x="184" y="160" width="32" height="44" rx="5" fill="${p.accent}"/><rect x="222" y="160" width="32" height="44" rx="5" fill="${p.accent}"/>`,
  gloves: (p) =>
    `<rect x="150" y="120" width="100" height="110" rx="22" fill="${p.main}"/>` +
    [0, 1, 2, 3].map((i) => `<rect x="${152 + i * 25}" y="${62 + (i === 0 || i === 3 ? 14 : 0)}" width="21" height="80" rx="10" fill="${p.main}"/>`).join('') +
    `<rect x="108" y="140" width="60" height="24" rx="12" transform="rotate(-30 138 152)" fill="${p.main}"/><rect x="150" y="206" width="100" height="24" rx="6" fill="${p.accent}"/>`,
  'eye-and-ear-protection': (p) =>
    `<rect x="90" y="136" width="220" height="18" rx="9" ${dark}/><ellipse cx="160" cy="150" rx="52" ry="36" fill="${p.main}"/><ellipse cx="240" cy="150" rx="52" ry="36" fill="${p.main}"/>` +
    `<ellipse cx="160" cy="150" rx="40" ry="26" fill="${p.accent}" opacity="0.85"/><ellipse cx="240" cy="150" rx="40" ry="26" fill="${p.accent}" opacity="0.85"/>`,
  'protective-clothing': (p) =>
    `<path d="M150 66 L250 66 L300 110 L280 140 L256 124 L256 240 L144 240 L144 124 L120 140 L100 110 Z" fill="${p.main}"/>` +
    `<rect x="196" y="70" width="8" height="170" fill="${p.accent}"/><rect x="150" y="190" width="100" height="10" fill="${p.accent}"/>`,
  flashlights: (p) =>
    `<polygon points="262,128 360,96 360,204 262,172" fill="${p.accent}" opacity="0.45"/><rect x="80" y="134" width="150" height="32" rx="8" fill="${p.main}"/>` +
    `<polygon points="226,124 262,118 262,182 226,176" fill="${p.main}"/><rect x="140" y="128" width="26" height="8" rx="3" fill="${p.accent}"/>`,
  headlamps: (p) =>
    `<ellipse cx="200" cy="150" rx="110" ry="60" fill="none" stroke="${p.main}" stroke-width="16"/><rect x="170" y="176" width="60" height="44" rx="10" ${dark}/>` +
    `<circle cx="200" cy="198" r="14" fill="${p.accent}"/>`,
  binoculars: (p) =>
    `<rect x="112" y="100" width="70" height="120" rx="18" fill="${p.main}"/><rect x="218" y="100" width="70" height="120" rx="18" fill="${p.main}"/>` +
    `<rect x="176" y="128" width="48" height="30" rx="6" ${dark}/><ellipse cx="147" cy="220" rx="30" ry="10" fill="${p.accent}"/><ellipse cx="253" cy="220" rx="30" ry="10" fill="${p.accent}"/>`,
  'night-vision': (p) =>
    `<rect x="110" y="100" width="160" height="110" rx="16" fill="${p.main}"/><circle cx="290" cy="155" r="42" ${dark}/><circle cx="290" cy="155" r="26" fill="${p.accent}"/>` +
    `<rect x="130" y="118" width="90" height="58" rx="6" fill="#10161a"/><path d="M140 160 Q175 130 210 160" stroke="${p.accent}" stroke-width="5" fill="none"/>`,
  'signal-lights': (p) =>
    `<rect x="172" y="120" width="56" height="100" rx="12" fill="${p.main}"/><rect x="180" y="96" width="40" height="34" rx="8" fill="${p.accent}"/>` +
    [0, 1, 2, 3, 4].map((i) => `<rect x="197" y="40" width="6" height="30" rx="3" fill="${p.accent}" transform="rotate(${-60 + i * 30} 200 112)"/>`).join(''),
  radios: (p) =>
    `<rect x="228" y="40" width="10" height="70" rx="5" ${dark}/><rect x="150" y="96" width="100" height="150" rx="14" fill="${p.main}"/>` +
    `<rect x="166" y="112" width="68" height="34" rx="4" fill="${p.accent}"/>` +
    [0, 1, 2, 3].map((i) => `<rect x="168" y="${166 + i * 16}" width="64" height="6" rx="3" fill="#10161a"/>`).join(''),
  headsets: (p) =>
    `<path d="M120 170 Q120 70 200 70 Q280 70 280 170" stroke="${p.main}" stroke-width="16" fill="none"/><rect x="96" y="150" width="48" height="78" rx="18" fill="${p.main}"/>` +
    `<rect x="256" y="150" width="48" height="78" rx="18" fill="${p.main}"/><path d="M120 220 Q140 262 196 250" stroke="${p.accent}" stroke-width="6" fill="none"/><circle cx="198" cy="250" r="9" fill="${p.accent}"/>`,
  'gps-navigation': (p) =>
    `<rect x="140" y="64" width="120" height="180" rx="18" fill="${p.main}"/><rect x="154" y="82" width="92" height="100" rx="6" fill="#e7f1e4"/>` +
    `<path d="M160 160 L185 120 L210 140 L238 96" stroke="${p.accent}" stroke-width="5" fill="none"/><circle cx="185" cy="210" r="12" fill="${p.accent}"/><circle cx="220" cy="210" r="12" fill="${p.accent}"/>`,
  compasses: (p) =>
    `<circle cx="200" cy="150" r="92" fill="${p.main}"/><circle cx="200" cy="150" r="74" fill="#f5f5f0"/>` +
    `<polygon points="200,84 214,150 200,216 186,150" fill="${p.accent}"/><polygon points="200,150 214,150 200,216 186,150" fill="#263238"/><circle cx="200" cy="150" r="6" ${dark}/>`,
  'power-and-batteries': (p) =>
    `<rect x="112" y="100" width="168" height="100" rx="12" fill="${p.main}"/><rect x="280" y="130" width="18" height="40" rx="4" ${dark}/>` +
    `<polygon points="206,112 170,158 198,158 186,192 230,140 202,140 216,112" fill="${p.accent}"/>`,
  backpacks: (p) =>
    `<rect x="130" y="70" width="140" height="180" rx="30" fill="${p.main}"/><path d="M130 110 Q200 60 270 110 L270 130 L130 130 Z" fill="${p.accent}"/>` +
    `<rect x="156" y="170" width="88" height="60" rx="10" fill="${p.accent}"/><rect x="190" y="52" width="20" height="22" rx="6" ${dark}/>`,
  'load-carriage': (p) =>
    `<rect x="70" y="146" width="260" height="26" rx="8" ${dark}/>` +
    [0, 1, 2].map((i) => `<rect x="${100 + i * 74}" y="120" width="56" height="80" rx="8" fill="${p.main}"/><rect x="${100 + i * 74}" y="120" width="56" height="20" rx="6" fill="${p.accent}"/>`).join(''),
  shelter: (p) =>
    `<polygon points="200,64 316,230 84,230" fill="${p.main}"/><polygon points="200,110 236,230 164,230" fill="${p.accent}"/><rect x="70" y="226" width="260" height="8" rx="4" ${dark}/>`,
  hydration: (p) =>
    `<rect x="182" y="56" width="36" height="24" rx="6" ${dark}/><path d="M170 80 L230 80 L246 110 L246 240 Q246 252 234 252 L166 252 Q154 252 154 240 L154 110 Z" fill="${p.main}"/>` +
    `<rect x="154" y="140" width="92" height="50" fill="${p.accent}"/>`,
  tools: (p) =>
    `<rect x="90" y="150" width="150" height="36" rx="16" fill="${p.main}"/><path d="M236 154 L330 132 Q338 150 330 168 L236 182 Z" fill="#b0bec5"/>` +
    `<circle cx="112" cy="168" r="6" fill="${p.accent}"/><circle cx="218" cy="168" r="6" fill="${p.accent}"/>`,
  tourniquets: (p) =>
    `<path d="M90 200 Q90 90 200 90 Q310 90 310 200" stroke="${p.main}" stroke-width="26" fill="none"/><rect x="110" y="188" width="180" height="26" rx="8" fill="${p.main}"/>` +
    `<rect x="150" y="120" width="100" height="16" rx="8" fill="${p.accent}" transform="rotate(-20 200 128)"/><rect x="182" y="180" width="36" height="42" rx="6" ${dark}/>`,
  'haemostatic-dressings': (p) =>
    `<path d="M200 150 L340 176 L340 226 L200 200 Z" fill="#f4f1ea" stroke="${p.main}" stroke-width="3"/><circle cx="170" cy="150" r="80" fill="#f4f1ea" stroke="${p.main}" stroke-width="6"/>` +
    `<circle cx="170" cy="150" r="30" fill="${p.main}"/><rect x="126" y="60" width="88" height="16" rx="4" fill="${p.accent}"/>`,
  'trauma-kits': (p) =>
    `<rect x="100" y="90" width="200" height="150" rx="20" fill="${p.main}"/><rect x="168" y="66" width="64" height="30" rx="10" fill="none" stroke="${p.main}" stroke-width="10"/>` +
    `<rect x="186" y="124" width="28" height="84" rx="4" fill="${p.accent}"/><rect x="158" y="152" width="84" height="28" rx="4" fill="${p.accent}"/>`,
  airway: (p) =>
    `<path d="M140 80 Q140 230 260 230" stroke="${p.main}" stroke-width="22" fill="none" stroke-linecap="round"/>` +
    `<ellipse cx="140" cy="76" rx="30" ry="14" fill="${p.accent}"/><circle cx="268" cy="230" r="14" fill="${p.accent}"/>`,
  stretchers: (p) =>
    `<rect x="60" y="128" width="280" height="12" rx="6" ${dark}/><rect x="60" y="176" width="280" height="12" rx="6" ${dark}/>` +
    `<rect x="96" y="132" width="208" height="52" fill="${p.main}"/><rect x="186" y="140" width="28" height="36" fill="${p.accent}"/>`,
  diagnostics: (p) =>
    `<path d="M150 70 L150 140 Q150 190 200 190 Q250 190 250 140 L250 70" stroke="${p.main}" stroke-width="10" fill="none"/>` +
    `<path d="M200 190 L200 220 Q200 250 240 250" stroke="${p.main}" stroke-width="10" fill="none"/><circle cx="258" cy="250" r="22" fill="${p.accent}"/>` +
    `<circle cx="150" cy="66" r="9" ${dark}/><circle cx="250" cy="66" r="9" ${dark}/>`,
};
MOTIFS['partner-medical'] = MOTIFS['trauma-kits']!;
MOTIFS['partner-tactical'] = MOTIFS['body-armour']!;

/** The views a product may have, in gallery order. */
export const VIEWS = ['front', 'close-up', 'packaging'] as const;
export type View = (typeof VIEWS)[number];

export const ART_WIDTH = 1280;
export const ART_HEIGHT = 960;

function frame(view: View, motif: string, p: Palette): string {
  switch (view) {
    case 'front':
      return `<rect width="400" height="300" fill="${p.back}"/><ellipse cx="200" cy="262" rx="130" ry="12" fill="#000" opacity="0.08"/>${motif}`;
    case 'close-up':
      // The same item, nearer: its centre enlarged against a plain darker backdrop.
      return `<rect width="400" height="300" fill="#dfe4e8"/><g transform="translate(200 150) scale(1.6) translate(-200 -150)">${motif}</g>`;
    case 'packaging':
      return (
        `<rect width="400" height="300" fill="${p.back}"/><rect x="80" y="60" width="240" height="190" rx="6" fill="#c8a97e"/>` +
        `<rect x="80" y="60" width="240" height="28" fill="#b48f60"/><rect x="120" y="104" width="160" height="126" rx="6" fill="#fbfaf7"/>` +
        `<g transform="translate(200 167) scale(0.5) translate(-200 -150)">${motif}</g>`
      );
  }
}

/** The SVG of one view of a sub-category's motif (an unknown sub-category gets the kit bag). */
export function drawProductArt(sub: string, family: string, view: View): string {
  const palette = paletteOf(family);
  const motif = (MOTIFS[sub] ?? MOTIFS['trauma-kits']!)(palette);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_WIDTH}" height="${ART_HEIGHT}" viewBox="0 0 400 300">${frame(view, motif, palette)}</svg>`;
}
