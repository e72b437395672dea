import { enumParam, invalidParam, numberParam, ok } from './params';
import type { BuiltinHandler } from './types';

type Category = 'length' | 'weight' | 'temperature';

/** Factors to the base unit of each category (metre, kilogram); Chinese market units included. */
const LINEAR_UNITS: Record<string, [Category, number]> = {
  mm: ['length', 0.001],
  cm: ['length', 0.01],
  m: ['length', 1],
  km: ['length', 1000],
  in: ['length', 0.0254],
  ft: ['length', 0.3048],
  yd: ['length', 0.9144],
  mi: ['length', 1609.344],
  nmi: ['length', 1852],
  cun: ['length', 1 / 30],
  chi: ['length', 1 / 3],
  zhang: ['length', 10 / 3],
  li: ['length', 500],
  mg: ['weight', 0.000001],
  g: ['weight', 0.001],
  kg: ['weight', 1],
  t: ['weight', 1000],
  oz: ['weight', 0.028349523125],
  lb: ['weight', 0.45359237],
  st: ['weight', 6.35029318],
  liang: ['weight', 0.05],
  jin: ['weight', 0.5],
};
const TEMPERATURE_UNITS = ['c', 'f', 'k'] as const;
type TemperatureUnit = (typeof TEMPERATURE_UNITS)[number];
const UNITS = [...Object.keys(LINEAR_UNITS), ...TEMPERATURE_UNITS];

function categoryOf(unit: string): Category {
  return Object.hasOwn(LINEAR_UNITS, unit) ? LINEAR_UNITS[unit][0] : 'temperature';
}

function toKelvin(value: number, unit: TemperatureUnit): number {
  if (unit === 'c') return value + 273.15;
  if (unit === 'f') return ((value - 32) * 5) / 9 + 273.15;
  return value;
}

function fromKelvin(kelvin: number, unit: TemperatureUnit): number {
  if (unit === 'c') return kelvin - 273.15;
  if (unit === 'f') return ((kelvin - 273.15) * 9) / 5 + 32;
  return kelvin;
}

const isTemperature = (unit: string): unit is TemperatureUnit =>
  (TEMPERATURE_UNITS as readonly string[]).includes(unit);

const unitConvert: BuiltinHandler = (req) => {
  const value = numberParam(req, 'value', { min: -1e15, max: 1e15 });
  const from = enumParam(req, 'from', UNITS);
  const to = enumParam(req, 'to', UNITS);
  const category = categoryOf(from);
  if (categoryOf(to) !== category) {
    throw invalidParam(
      `parameter 'to' must be a ${category} unit like '${from}', but '${to}' measures ${categoryOf(to)}`,
    );
  }
  let result: number;
  if (isTemperature(from) && isTemperature(to)) {
    const kelvin = toKelvin(value, from);
    if (kelvin < 0) throw invalidParam("parameter 'value' is below absolute zero");
    result = fromKelvin(kelvin, to);
  } else {
    result = (value * LINEAR_UNITS[from][1]) / LINEAR_UNITS[to][1];
  }
  return ok({ category, value, from, to, result: Number(result.toPrecision(12)) });
};

export const UNIT_CONVERT_HANDLERS = { 'unit-convert': unitConvert } satisfies Record<
  string,
  BuiltinHandler
>;
