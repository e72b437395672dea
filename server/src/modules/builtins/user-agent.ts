import { invalidParam, ok, optionalString } from './params';
import type { BuiltinHandler } from './types';

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

export const USER_AGENT_HANDLERS = { 'user-agent': userAgent } satisfies Record<
  string,
  BuiltinHandler
>;
