import { enumParam, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  middot: '·',
  times: '×',
  divide: '÷',
  deg: '°',
  plusmn: '±',
  yen: '¥',
  euro: '€',
  pound: '£',
  cent: '¢',
  sect: '§',
  para: '¶',
};

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,8}));/g;

function unescapeHtml(text: string): string {
  return text.replace(ENTITY, (entity, decimal?: string, hex?: string, name?: string) => {
    if (name !== undefined)
      return Object.hasOwn(NAMED_ENTITIES, name) ? NAMED_ENTITIES[name] : entity;
    const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex ?? '', 16);
    const isScalar = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return isScalar ? String.fromCodePoint(code) : entity;
  });
}

const htmlEscape: BuiltinHandler = (req) => {
  const action = enumParam(req, 'action', ['escape', 'unescape'] as const, 'escape');
  const text = requiredString(req, 'text', 100_000);
  const result =
    action === 'escape' ? text.replace(/[&<>"']/g, (char) => ESCAPES[char]) : unescapeHtml(text);
  return ok({ action, result });
};

export const HTML_ESCAPE_HANDLERS = { 'html-escape': htmlEscape } satisfies Record<
  string,
  BuiltinHandler
>;
