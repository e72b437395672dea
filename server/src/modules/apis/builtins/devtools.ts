import { Script, createContext } from 'node:vm';
import { decodeBase64, utf8Text } from './encoding';
import {
  boolParam,
  intParam,
  invalidParam,
  isPlainObject,
  ok,
  optionalString,
  rawParam,
  requiredString,
} from './params';
import type { BuiltinHandler, BuiltinRequest } from './types';

const MAX_JSON_CHARS = 100_000;
/** Deeper documents would overflow the stack when the response is serialised. */
const MAX_JSON_DEPTH = 100;

function exceedsDepth(root: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[root, 1]];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const [value, depth] = entry;
    if (typeof value !== 'object' || value === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return false;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isPlainObject(value)) return value;
  // fromEntries defines own properties, so a "__proto__" key survives as data.
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

type JsonSource = { text: string } | { document: unknown };

/** The `json` parameter as text or as an already-parsed value, else the whole JSON request body. */
function jsonSource(req: BuiltinRequest): JsonSource {
  const param = rawParam(req, 'json');
  if (typeof param === 'string') {
    return { text: requiredString(req, 'json', MAX_JSON_CHARS) };
  }
  const document = param ?? req.body;
  if (document === undefined) throw invalidParam("parameter 'json' is required");
  if (exceedsDepth(document, MAX_JSON_DEPTH)) throw tooDeep('json');
  if (JSON.stringify(document).length > MAX_JSON_CHARS) {
    throw invalidParam(`parameter 'json' must be at most ${MAX_JSON_CHARS} characters long`);
  }
  return { document };
}

const tooDeep = (name: string) =>
  invalidParam(`parameter '${name}' holds JSON nested deeper than ${MAX_JSON_DEPTH} levels`);

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

const jsonFormat: BuiltinHandler = (req) => {
  const source = jsonSource(req);
  const indent = intParam(req, 'indent', { min: 0, max: 8, fallback: 2 });
  const sort = boolParam(req, 'sort_keys', false);
  let document: unknown;
  if ('text' in source) {
    try {
      document = JSON.parse(source.text);
    } catch (error) {
      return ok({ valid: false, error: error instanceof Error ? error.message : 'invalid JSON' });
    }
    if (exceedsDepth(document, MAX_JSON_DEPTH)) throw tooDeep('json');
  } else {
    document = source.document;
  }
  const value = sort ? sortKeys(document) : document;
  const minified = JSON.stringify(value);
  return ok({
    valid: true,
    type: jsonType(value),
    formatted: JSON.stringify(value, null, indent),
    minified,
    size: Buffer.byteLength(minified, 'utf8'),
  });
};

const JWT_SEGMENT = /^[A-Za-z0-9_-]+={0,2}$/;

function jwtPart(segment: string, label: string): Record<string, unknown> {
  const what = `the ${label} in parameter 'token'`;
  if (!JWT_SEGMENT.test(segment)) throw invalidParam(`${what} is not base64url`);
  const text = utf8Text(decodeBase64(segment, what), what);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidParam(`${what} is not JSON`);
  }
  if (!isPlainObject(value)) throw invalidParam(`${what} is not a JSON object`);
  if (exceedsDepth(value, MAX_JSON_DEPTH)) throw tooDeep('token');
  return value;
}

const MAX_DATE_MS = 8.64e15;

function claimTime(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const ms = value * 1000;
  return Math.abs(ms) <= MAX_DATE_MS ? new Date(ms).toISOString() : null;
}

const jwtDecode: BuiltinHandler = (req) => {
  const token = requiredString(req, 'token', 16_000)
    .trim()
    .replace(/^Bearer\s+/i, '');
  const segments = token.split('.');
  if (segments.length === 5) {
    throw invalidParam("parameter 'token' is an encrypted token (JWE), which cannot be decoded");
  }
  if (segments.length !== 3) {
    throw invalidParam("parameter 'token' must have three dot-separated parts");
  }
  const header = jwtPart(segments[0], 'header');
  const payload = jwtPart(segments[1], 'payload');
  const expiresAt = claimTime(payload.exp);
  return ok({
    header,
    payload,
    signature: segments[2],
    issued_at: claimTime(payload.iat),
    not_before: claimTime(payload.nbf),
    expires_at: expiresAt,
    expired: expiresAt === null ? null : Date.parse(expiresAt) <= Date.now(),
    verified: false,
  });
};

const MAX_MATCHES = 100;
/** Long captures are clipped and the total is capped, so a 10 kB input cannot become megabytes. */
const MAX_PART_CHARS = 1000;
const MAX_CAPTURED_CHARS = 100_000;
const REGEX_TIMEOUT_MS = 100;

/**
 * Matching runs in a separate V8 context with a time limit: a catastrophic-backtracking pattern is
 * interrupted instead of freezing the event loop. Inputs are passed as data, never as code.
 */
const REGEX_SCRIPT = new Script(`(() => {
  const global = flags.includes('g');
  const unicode = flags.includes('u');
  const re = new RegExp(pattern, global ? flags : flags + 'g');
  const matches = [];
  let budget = ${MAX_CAPTURED_CHARS};
  let truncated = false;
  const clip = (part) => {
    if (part === undefined) return null;
    const kept = part.length > ${MAX_PART_CHARS} ? part.slice(0, ${MAX_PART_CHARS}) : part;
    if (kept !== part) truncated = true;
    budget -= kept.length;
    return kept;
  };
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (matches.length === ${MAX_MATCHES} || budget < 0) { truncated = true; break; }
    matches.push({
      match: clip(m[0]),
      index: m.index,
      groups: m.slice(1).map(clip),
      named_groups: m.groups
        ? Object.fromEntries(Object.entries(m.groups).map(([name, part]) => [name, clip(part)]))
        : null,
    });
    if (!global) break;
    if (m[0] === '') re.lastIndex += unicode && text.codePointAt(re.lastIndex) > 0xffff ? 2 : 1;
  }
  return JSON.stringify({ matches, truncated });
})()`);
const regexContext = createContext({});

interface RegexMatch {
  match: string;
  index: number;
  groups: (string | null)[];
  named_groups: Record<string, string | null> | null;
}

interface RegexRun {
  matches: RegexMatch[];
  truncated: boolean;
}

function runRegex(pattern: string, flags: string, text: string): RegexRun {
  Object.assign(regexContext, { pattern, flags, text });
  try {
    return JSON.parse(
      REGEX_SCRIPT.runInContext(regexContext, { timeout: REGEX_TIMEOUT_MS }) as string,
    ) as RegexRun;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
      throw invalidParam(
        `parameter 'pattern' took longer than ${REGEX_TIMEOUT_MS} ms on this text (catastrophic backtracking?)`,
      );
    }
    throw error;
  } finally {
    Object.assign(regexContext, { pattern: '', flags: '', text: '' });
  }
}

const regexTest: BuiltinHandler = (req) => {
  const pattern = requiredString(req, 'pattern', 200);
  const flags = optionalString(req, 'flags', 8) ?? '';
  const text = requiredString(req, 'text', 10_000);
  if (!/^[dgimsuy]*$/.test(flags) || new Set(flags).size !== flags.length) {
    throw invalidParam("parameter 'flags' may only contain each of d, g, i, m, s, u, y once");
  }
  try {
    new RegExp(pattern, flags);
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid regular expression: /, '');
    throw invalidParam(`parameter 'pattern' is not a valid regular expression: ${reason}`);
  }
  const run = runRegex(pattern, flags, text);
  return ok({
    pattern,
    flags,
    matched: run.matches.length > 0,
    count: run.matches.length,
    matches: run.matches,
    truncated: run.truncated,
  });
};

interface Named {
  name: string;
  version: string | null;
}

/** First match wins, so more specific browsers (Edge, Opera, WeChat) come before Chrome and Safari. */
const BROWSERS: readonly [string, RegExp][] = [
  ['WeChat', /MicroMessenger\/([\d.]+)/],
  ['QQ Browser', /MQQBrowser\/([\d.]+)/],
  ['UC Browser', /UCBrowser\/([\d.]+)/],
  ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).{0,40}Safari\//],
  ['Internet Explorer', /(?:MSIE |Trident\/.{0,40}rv:)([\d.]+)/],
];

const WINDOWS_VERSIONS: Record<string, string> = {
  '10.0': '10/11',
  '6.3': '8.1',
  '6.2': '8',
  '6.1': '7',
  '6.0': 'Vista',
  '5.1': 'XP',
};

/** Checked in order: HarmonyOS and Android before Linux, iPad before iPhone, iOS before macOS. */
const OPERATING_SYSTEMS: readonly [string, RegExp][] = [
  ['Windows', /Windows NT ([\d.]+)/],
  ['HarmonyOS', /HarmonyOS[ /]?([\d.]+)?/],
  ['Android', /Android ?([\d.]+)?/],
  ['iPadOS', /iPad.{0,40}? OS (\d+[_\d]*)/],
  ['iOS', /(?:iPhone|iPod).{0,40}? OS (\d+[_\d]*)/],
  ['macOS', /Mac OS X ?(\d+[_.\d]*)?/],
  ['ChromeOS', /CrOS/],
  ['Linux', /Linux/],
];

function detectOs(ua: string): Named {
  for (const [name, pattern] of OPERATING_SYSTEMS) {
    const m = pattern.exec(ua);
    if (!m) continue;
    const version = m[1] as string | undefined;
    if (version === undefined) return { name, version: null };
    if (name === 'Windows') {
      return {
        name,
        version: Object.hasOwn(WINDOWS_VERSIONS, version) ? WINDOWS_VERSIONS[version] : version,
      };
    }
    return { name, version: version.replace(/_/g, '.') };
  }
  return { name: 'Unknown', version: null };
}

function detectBrowser(ua: string): Named {
  for (const [name, pattern] of BROWSERS) {
    const m = pattern.exec(ua);
    if (m) return { name, version: m[1] };
  }
  return { name: 'Unknown', version: null };
}

const BOT = /bot\b|crawler|spider|slurp|curl\/|wget\/|python-requests|okhttp|httpclient|postman/i;

function detectDevice(ua: string): string {
  if (BOT.test(ua)) return 'bot';
  if (/iPad|Tablet/i.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua))) return 'tablet';
  if (/Mobi|iPhone|iPod/i.test(ua)) return 'mobile';
  return 'desktop';
}

const userAgent: BuiltinHandler = (req) => {
  const ua = optionalString(req, 'ua', 1000) ?? (req.headers['user-agent'] ?? '').slice(0, 1000);
  if (ua.trim() === '') {
    throw invalidParam("parameter 'ua' is required when the request has no User-Agent header");
  }
  const device = detectDevice(ua);
  return ok({
    ua,
    browser: detectBrowser(ua),
    os: detectOs(ua),
    device,
    is_bot: device === 'bot',
  });
};

interface Rgb {
  r: number;
  g: number;
  b: number;
}

const CSS_NAMES: Record<string, string> = {
  black: '000000',
  white: 'ffffff',
  red: 'ff0000',
  lime: '00ff00',
  green: '008000',
  blue: '0000ff',
  yellow: 'ffff00',
  cyan: '00ffff',
  magenta: 'ff00ff',
  gray: '808080',
  grey: '808080',
  silver: 'c0c0c0',
  maroon: '800000',
  olive: '808000',
  purple: '800080',
  teal: '008080',
  navy: '000080',
  orange: 'ffa500',
  pink: 'ffc0cb',
  brown: 'a52a2a',
};

const HEX_COLOR = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB_COLOR =
  /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]{1,8}\s*)?\)$/i;
const HSL_COLOR =
  /^hsla?\(\s*(\d{1,3}(?:\.\d{1,4})?)(?:deg)?\s*,\s*(\d{1,3}(?:\.\d{1,4})?)%\s*,\s*(\d{1,3}(?:\.\d{1,4})?)%\s*(?:,\s*[\d.]{1,8}\s*)?\)$/i;

function parseColor(input: string): Rgb | null {
  const text = input.trim().toLowerCase();
  const hexText = Object.hasOwn(CSS_NAMES, text) ? CSS_NAMES[text] : HEX_COLOR.exec(text)?.[1];
  if (hexText !== undefined) {
    const full = hexText.length === 3 ? [...hexText].map((d) => d + d).join('') : hexText;
    const value = Number.parseInt(full, 16);
    return { r: value >> 16, g: (value >> 8) & 0xff, b: value & 0xff };
  }
  const rgb = RGB_COLOR.exec(text);
  if (rgb) {
    const [r, g, b] = rgb.slice(1, 4).map(Number);
    return Math.max(r, g, b) <= 255 ? { r, g, b } : null;
  }
  const hsl = HSL_COLOR.exec(text);
  if (hsl) {
    const [h, s, l] = hsl.slice(1, 4).map(Number);
    return h <= 360 && s <= 100 && l <= 100 ? hslToRgb(h % 360, s / 100, l / 100) : null;
  }
  return null;
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return { r: channel(0), g: channel(8), b: channel(4) };
}

function rgbToHsl({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const [rf, gf, bf] = [r / 255, g / 255, b / 255];
  const max = Math.max(rf, gf, bf);
  const min = Math.min(rf, gf, bf);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l: Math.round(l * 100) };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === rf) h = ((gf - bf) / d) % 6;
  else if (max === gf) h = (bf - rf) / d + 2;
  else h = (rf - gf) / d + 4;
  return { h: Math.round((h * 60 + 360) % 360), s: Math.round(s * 100), l: Math.round(l * 100) };
}

/** WCAG relative luminance, used to pick readable text on top of the colour. */
function luminance({ r, g, b }: Rgb): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const color: BuiltinHandler = (req) => {
  const input = requiredString(req, 'color', 64);
  const rgb = parseColor(input);
  if (rgb === null) {
    throw invalidParam(
      "parameter 'color' must be a hex colour (#ff8800), rgb(255, 136, 0), hsl(32, 100%, 50%) or a basic CSS colour name",
    );
  }
  const hsl = rgbToHsl(rgb);
  const hexText = `#${[rgb.r, rgb.g, rgb.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  const lum = luminance(rgb);
  return ok({
    hex: hexText,
    rgb,
    hsl,
    css: { rgb: `rgb(${rgb.r}, ${rgb.g}, ${rgb.b})`, hsl: `hsl(${hsl.h}, ${hsl.s}%, ${hsl.l}%)` },
    luminance: Number(lum.toFixed(4)),
    text_color: (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) ? '#000000' : '#ffffff',
  });
};

export const DEVTOOLS_HANDLERS = {
  'json-format': jsonFormat,
  'jwt-decode': jwtDecode,
  'regex-test': regexTest,
  'user-agent': userAgent,
  color,
} satisfies Record<string, BuiltinHandler>;
