import { describe, expect, it } from 'vitest';
import { type Category, categorise } from './categorise';

const CASES: [string, number, Category][] = [
  ['CARD PURCHASE WHOLE FOODS #123 AUSTIN TX', -54.12, 'groceries'],
  ['REWE Markt GmbH Berlin', -23.1, 'groceries'],
  ['Carrefour Market Lyon', -40, 'groceries'],
  ['Supermercado Dia', -12, 'groceries'],
  ['STARBUCKS STORE 1234', -5.25, 'dining'],
  ['UBER EATS ORDER', -18.4, 'dining'],
  ['Ristorante Da Mario', -60, 'dining'],
  ['UBER TRIP HELP.UBER.COM', -14, 'transport'],
  ['Deutsche Bahn Fahrkarte', -59.9, 'transport'],
  ['SHELL OIL 5744', -45, 'fuel'],
  ['Tankstelle Aral', -70, 'fuel'],
  ['PACIFIC GAS & ELECTRIC', -120, 'utilities'],
  ['Stadtwerke München Strom', -85, 'utilities'],
  ['RENT PAYMENT APT 4B', -1500, 'rent'],
  ['Miete Januar', -900, 'rent'],
  ['Loyer janvier', -800, 'rent'],
  ['PAYROLL ACME CORP', 2000, 'salary'],
  ['Gehalt Dezember', 2500, 'salary'],
  ['Virement salaire', 1900, 'salary'],
  ['ONLINE TRANSFER TO SAVINGS', -200, 'transfer'],
  ['Überweisung an Max', -50, 'transfer'],
  ['Transferência PIX recebida', 100, 'transfer'],
  ['MONTHLY SERVICE FEE', -5, 'fees'],
  ['ATM FEE', -3, 'fees'],
  ['Kontoführungsgebühr', -4.95, 'fees'],
  ['ATM WITHDRAWAL 5TH ST', -100, 'cash'],
  ['Retrait DAB Paris', -50, 'cash'],
  ['Saque 24h', -100, 'cash'],
  ['AMAZON MKTPLACE PMTS', -33, 'shopping'],
  ['NETFLIX.COM', -15.49, 'subscriptions'],
  ['Amazon Prime Membership', -14.99, 'subscriptions'],
  ['GEICO INSURANCE', -98, 'insurance'],
  ['Allianz Versicherung', -45, 'insurance'],
  ['IRS USATAXPYMT', -500, 'tax'],
  ['Finanzamt Steuer', -300, 'tax'],
  ['TAXI 123', -20, 'transport'],
  ['Beitrag Hausratversicherung 12/2025', -12.9, 'insurance'],
  ['Einkommensteuer Vorauszahlung', -800, 'tax'],
  ['Überweisungsgebühr', -1.5, 'fees'],
  ['UPI-RAVI KUMAR-ravi@upi-REPAY', -500, 'transfer'],
  ['UPI-FLIPKART-PAY TO MERCHANT', -999, 'shopping'],
  ['PAYPAL *EBAY INC', -20, 'shopping'],
  ['PAYPAL TRANSFER', -20, 'transfer'],
  ['YOUTUBE PREMIUM', -11.99, 'subscriptions'],
  ['CIRCLE K 1234 DALLAS TX', -40, 'fuel'],
  ['CHECK 1042', -1200, 'other'],
  ['INTEREST PAID', 0.12, 'other'],
];

describe('categorise', () => {
  it.each(CASES)('%s -> %s', (description, amount, expected) => {
    expect(categorise(description, amount)).toBe(expected);
  });

  it('counts salary words only on money coming in', () => {
    expect(categorise('PAYROLL ACME CORP', -2000)).not.toBe('salary');
  });
});
