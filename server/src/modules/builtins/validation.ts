import { domainToASCII } from 'node:url';
import { invalidParam, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

function luhnSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum;
}

/** The digit that, appended to `payload`, makes the whole number pass the Luhn check. */
function checkDigit(payload: string): number {
  return (10 - (luhnSum(`${payload}0`) % 10)) % 10;
}

const CARD_BRANDS: readonly [string, RegExp][] = [
  ['Visa', /^4/],
  ['Mastercard', /^(?:5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720))/],
  ['American Express', /^3[47]/],
  ['UnionPay', /^62/],
  ['JCB', /^35(?:2[89]|[3-8])/],
  ['Discover', /^6(?:011|5|4[4-9])/],
  ['Diners Club', /^3(?:0[0-5]|[689])/],
];

function cardBrand(digits: string): string | null {
  if (digits.length < 12 || digits.length > 19) return null;
  return CARD_BRANDS.find(([, prefix]) => prefix.test(digits))?.[0] ?? null;
}

const luhn: BuiltinHandler = (req) => {
  const digits = requiredString(req, 'number', 64).replace(/[\s-]/g, '');
  if (!/^\d{2,40}$/.test(digits)) {
    throw invalidParam(
      "parameter 'number' must contain 2 to 40 digits (spaces and dashes are ignored)",
    );
  }
  return ok({
    number: digits,
    valid: luhnSum(digits) % 10 === 0,
    check_digit: checkDigit(digits.slice(0, -1)),
    brand: cardBrand(digits),
  });
};

const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The reason an address is not deliverable by syntax alone, or null when it looks fine. */
function emailProblem(local: string, domain: string, asciiDomain: string): string | null {
  if (local.length === 0 || local.length > 64)
    return 'the part before @ must be 1 to 64 characters';
  if (!LOCAL_PART.test(local))
    return 'the part before @ contains characters or dots that are not allowed';
  if (domain.length === 0) return 'the domain is missing';
  if (asciiDomain === '' || asciiDomain.length > 253) return 'the domain is not a valid host name';
  const labels = asciiDomain.split('.');
  if (labels.length < 2) return 'the domain needs at least one dot, e.g. example.com';
  if (!labels.every((label) => LABEL.test(label)))
    return 'a label of the domain is empty or badly formed';
  const tld = labels[labels.length - 1];
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(tld))
    return 'the top-level domain is not valid';
  return null;
}

const emailCheck: BuiltinHandler = (req) => {
  const email = requiredString(req, 'email', 320).trim();
  const at = email.lastIndexOf('@');
  const [local, domain] = at < 0 ? [email, ''] : [email.slice(0, at), email.slice(at + 1)];
  const asciiDomain = domain === '' ? '' : domainToASCII(domain.toLowerCase());
  const reason =
    at < 0
      ? 'the address has no @'
      : email.length > 254
        ? 'the address is longer than 254 characters'
        : emailProblem(local, domain, asciiDomain);
  return ok({
    email,
    valid: reason === null,
    reason,
    local: at < 0 ? null : local,
    domain: at < 0 ? null : asciiDomain || domain,
    normalized: reason === null ? `${local}@${asciiDomain}` : null,
  });
};

export const VALIDATION_HANDLERS = {
  luhn,
  'email-check': emailCheck,
} satisfies Record<string, BuiltinHandler>;
