import type { RequestParam } from '@contracts/list-fields';

export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

export interface ExampleInput {
  method: string;
  /** Absolute URL of the endpoint, without a query. */
  url: string;
  params: RequestParam[];
  /** Example values, e.g. from the API's example URL. */
  samples?: Record<string, string>;
  apiKey?: string | null;
}

export type ExampleLanguage = 'curl' | 'javascript' | 'python' | 'php';

const SAMPLE_BY_TYPE: Record<string, string> = {
  integer: '1',
  number: '1.5',
  boolean: 'true',
  array: '[]',
  object: '{}',
};

function sampleValue(param: RequestParam, samples: Record<string, string>): string {
  return samples[param.name] ?? SAMPLE_BY_TYPE[param.type] ?? `<${param.name}>`;
}

/** A typed JSON value for request bodies: numbers stay numbers, "true" a boolean. */
function jsonValue(param: RequestParam, text: string): unknown {
  if (param.type === 'integer' || param.type === 'number') {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  if (param.type === 'boolean') return text === 'true' || text === '1';
  if (param.type === 'array' || param.type === 'object') {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

const sendsBody = (method: string) => method === 'POST' || method === 'PUT';
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const phpQuote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const pyQuote = (text: string) => JSON.stringify(text);

/** Request examples in four languages, built from the method, endpoint and parameter table. */
export function buildExamples(input: ExampleInput): Record<ExampleLanguage, string> {
  const method = input.method.toUpperCase();
  const key = input.apiKey || KEY_PLACEHOLDER;
  const samples = input.samples ?? {};
  const named = input.params.filter((p) => p.name);
  const pairs = named.map((p): [string, string] => [p.name, sampleValue(p, samples)]);
  const withBody = sendsBody(method) && pairs.length > 0;
  const query = withBody ? '' : new URLSearchParams(pairs).toString();
  const url = query ? `${input.url}?${query}` : input.url;
  const body = withBody
    ? Object.fromEntries(named.map((p, i) => [p.name, jsonValue(p, pairs[i][1])]))
    : null;
  const json = body ? JSON.stringify(body, null, 2) : '';

  const curl = [
    `curl -X ${method} ${shellQuote(url)}`,
    `  -H ${shellQuote(`X-API-Key: ${key}`)}`,
    ...(body
      ? [`  -H 'Content-Type: application/json'`, `  -d ${shellQuote(JSON.stringify(body))}`]
      : []),
  ].join(' \\\n');

  const javascript = [
    `const response = await fetch(${JSON.stringify(url)}, {`,
    `  method: ${JSON.stringify(method)},`,
    `  headers: {`,
    `    'X-API-Key': ${JSON.stringify(key)},`,
    ...(body ? [`    'Content-Type': 'application/json',`] : []),
    `  },`,
    ...(body ? [`  body: JSON.stringify(${json.replace(/\n/g, '\n  ')}),`] : []),
    `});`,
    `const result = await response.json();`,
    `console.log(result);`,
  ].join('\n');

  const python = [
    'import requests',
    '',
    `response = requests.request(`,
    `    ${pyQuote(method)},`,
    `    ${pyQuote(url)},`,
    `    headers={"X-API-Key": ${pyQuote(key)}},`,
    ...(body ? [`    json=${pythonLiteral(body)},`] : []),
    `    timeout=10,`,
    `)`,
    `print(response.json())`,
  ].join('\n');

  const php = [
    '<?php',
    `$ch = curl_init(${phpQuote(url)});`,
    `curl_setopt($ch, CURLOPT_CUSTOMREQUEST, ${phpQuote(method)});`,
    `curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);`,
    `curl_setopt($ch, CURLOPT_HTTPHEADER, [`,
    `    ${phpQuote(`X-API-Key: ${key}`)},`,
    ...(body ? [`    'Content-Type: application/json',`] : []),
    `]);`,
    ...(body ? [`curl_setopt($ch, CURLOPT_POSTFIELDS, ${phpQuote(JSON.stringify(body))});`] : []),
    `$response = curl_exec($ch);`,
    `curl_close($ch);`,
    `var_dump(json_decode($response, true));`,
  ].join('\n');

  return { curl, javascript, python, php };
}

/** JSON written as a Python literal (true/false/null spelled the Python way). */
function pythonLiteral(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return pyQuote(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${pyQuote(k)}: ${pythonLiteral(v)}`)
    .join(', ')}}`;
}

/** The query values of an example URL, as sample values for the parameters. */
export function samplesFromExampleUrl(exampleUrl: string): Record<string, string> {
  const at = exampleUrl.indexOf('?');
  if (at < 0) return {};
  return Object.fromEntries(new URLSearchParams(exampleUrl.slice(at + 1)));
}

/** An absolute URL for a path on this site (absolute URLs are kept as they are). */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}
