import { invalidParam, ok, requiredString } from './params';
import type { BuiltinHandler } from './types';

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

export const COLOR_HANDLERS = { color } satisfies Record<string, BuiltinHandler>;
