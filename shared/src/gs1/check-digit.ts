// The GS1 mod-10 check digit (GTIN, SSCC, GLN, GSIN, GRAI, GSRN...): one place for the rule, used by
// the GS1 parser's `csum` linter and by the catalogue import's GTIN check.

/** The check digit of `digits` (the key without its check digit): weights 3 and 1 from the right. */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const weight = (digits.length - i) % 2 === 1 ? 3 : 1;
    sum += Number(digits[i]) * weight;
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a GS1 key's last digit is its check digit. */
export function gs1CheckDigitOk(key: string): boolean {
  return key.length > 1 && gs1CheckDigit(key.slice(0, -1)) === Number(key.slice(-1));
}
