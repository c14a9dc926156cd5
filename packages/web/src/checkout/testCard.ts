/** The test-mode card form's own checks (the Stripe form has Stripe's). */

export function digits(text: string): string {
  return text.replace(/\D/g, '');
}

/** Groups of four as the user types: '4242 4242 4242 4242'. */
export function formatCardNumber(text: string): string {
  return digits(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function luhnValid(number: string): boolean {
  const d = digits(number);
  if (d.length < 12 || d.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** 'MM / YY' (or MM/YY, MMYY) to month and 4-digit year, if it is a real month not in the past. */
export function parseExpiry(text: string, now: Date = new Date()): { month: number; year: number } | null {
  const d = digits(text);
  if (d.length !== 4) return null;
  const month = Number(d.slice(0, 2));
  const year = 2000 + Number(d.slice(2));
  if (month < 1 || month > 12) return null;
  const endOfMonth = new Date(Date.UTC(year, month, 1));
  return endOfMonth.getTime() > now.getTime() ? { month, year } : null;
}

export function formatExpiry(text: string): string {
  const d = digits(text).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
}

export interface TestCard {
  number: string;
  expiry: string;
  cvc: string;
}

export function cardComplete(card: TestCard, now: Date = new Date()): boolean {
  return luhnValid(card.number) && parseExpiry(card.expiry, now) !== null && /^\d{3,4}$/.test(card.cvc);
}
