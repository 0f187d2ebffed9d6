// Exact decimal arithmetic for invoice amounts: a unit price may carry a fraction of a cent
// (`0.3333`), and floating point turns 0.005 into 0.00499…, which rounds the wrong way. Values are
// scaled integers (BigInt); every rounding is half away from zero, at the places decision 046 names.

const PRICE_SCALE = 4;

/** A decimal string with at most `scale` decimals as an integer scaled by 10^scale. */
export function parseScaled(value: string, scale = PRICE_SCALE): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal number: ${value}`);
  const fraction = match[3] ?? '';
  if (fraction.length > scale) throw new Error(`more than ${scale} decimals: ${value}`);
  const scaled = BigInt(match[2]! + fraction.padEnd(scale, '0'));
  return match[1] === '-' ? -scaled : scaled;
}

/** numerator / denominator, rounded half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** Quantity × unit price in cents, rounded half away from zero (BT-131). */
export function lineTotalCents(quantity: number, unitPrice: string): number {
  const q = parseScaled(String(quantity));
  const p = parseScaled(unitPrice);
  // q and p are both scaled by 10^4: the product is in 10^-8 euro, 10^-6 cent.
  return Number(divideRounded(q * p, 1_000_000n));
}

/** Taxable amount (cents) × rate (basis points), rounded half away from zero to the cent. */
export function vatCents(taxableCents: number, rateBp: number): number {
  return Number(divideRounded(BigInt(taxableCents) * BigInt(rateBp), 10_000n));
}

/** Basis points as the percentage the documents show: 2100 → `21`, 550 → `5.5`. */
export function percentString(rateBp: number): string {
  return String(rateBp / 100);
}

/** Integer cents as a decimal with two places: 12345 → `123.45`, -5 → `-0.05`. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Splits `total` cents over `weights` in proportion, the cents left by rounding going to the largest
 * remainders (earliest first on ties), so the parts always add up to `total` exactly.
 */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (BigInt(total) * BigInt(w)));
  const parts = exact.map((e) => Number(e / BigInt(sum)));
  const remainders = exact.map((e, i) => ({ i, r: Number(e % BigInt(sum)) }));
  let left = total - parts.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of remainders) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}
