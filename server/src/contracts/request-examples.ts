import type { RequestFormat } from './apis';
import { isRequiredFlag, type RequestParam } from './list-fields';

/**
 * One request model for an API page: the try-it console runs it and every example is written from
 * it, so what a reader copies is what the console sent. Pure code, imported by the client
 * (@contracts/request-examples) and by the server's test that runs the examples.
 */

export const KEY_PLACEHOLDER = 'YOUR_API_KEY';
export const KEY_HEADER = 'X-API-Key';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Said once above each example's generated key. */
const IDEMPOTENCY_NOTE = 'A retry with the same Idempotency-Key is never charged twice';

export const EXAMPLE_LANGUAGES = [
  'curl',
  'javascript',
  'node',
  'python',
  'php',
  'go',
  'java',
  'csharp',
  'ruby',
  'rust',
] as const;
export type ExampleLanguage = (typeof EXAMPLE_LANGUAGES)[number];

/** Tab labels: names of languages and libraries, the same in every UI language. */
export const EXAMPLE_LANGUAGE_LABELS: Record<ExampleLanguage, string> = {
  curl: 'cURL',
  javascript: 'JavaScript (fetch)',
  node: 'Node.js',
  python: 'Python (requests)',
  php: 'PHP (cURL)',
  go: 'Go',
  java: 'Java (HttpClient)',
  csharp: 'C# (HttpClient)',
  ruby: 'Ruby',
  rust: 'Rust (reqwest)',
};

/** The fields of an API record the model needs. */
export interface RequestApi {
  name_en: string;
  endpoint: string;
  request_method: string;
  request_params: RequestParam[];
  example_url: string;
  response_format: string;
  /** How a body method sends its parameters; absent: JSON. */
  request_format?: RequestFormat;
  is_paid: number;
}

/** What a reader typed, per parameter name, as text ('' = left out). */
export type ParamValues = Record<string, string>;

/** Why a value cannot be sent (the client words each kind). */
export type ParamProblem =
  'required' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'enum';

export interface RequestModel {
  method: string;
  /** Absolute, with the query for methods without a body. */
  url: string;
  /** In order; the key header only when there is a key (or a placeholder for a paid API). */
  headers: [string, string][];
  /** How the body is sent (the API's request format); null without a body. */
  format: RequestFormat | null;
  /**
   * The parameters for a body method: typed (numbers as numbers...) in JSON, as typed in a form or
   * a multipart form (whose files are in `files`); null otherwise.
   */
  body: Record<string, unknown> | null;
  /** The exact body text sent; null for a multipart form, whose boundary its sender picks. */
  bodyText: string | null;
  /** A multipart form's file parts: each part's name and the file typed for it, in order. */
  files: [string, string][];
  /** The answer is not JSON (an image...): examples save it to this file. */
  saveAs: string | null;
  /**
   * A paid API: each call sends a fresh Idempotency-Key (not in `headers`: the console makes one
   * per click, each example generates one in its own language).
   */
  idempotent: boolean;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);
const params = (api: RequestApi) => api.request_params.filter((p) => p.name);

/** An absolute URL for a path on this site (absolute URLs are kept as they are). */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** The query values of an example URL. */
export function samplesFromExampleUrl(exampleUrl: string): Record<string, string> {
  const at = exampleUrl.indexOf('?');
  if (at < 0) return {};
  return Object.fromEntries(new URLSearchParams(exampleUrl.slice(at + 1)));
}

/** The console's starting values: the example URL's, else the parameter's example, else its default. */
export function initialValues(api: RequestApi): ParamValues {
  const samples = samplesFromExampleUrl(api.example_url ?? '');
  return Object.fromEntries(
    params(api).map((p) => [p.name, samples[p.name] ?? p.example ?? p.default ?? '']),
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The typed value of a text that passed validation. */
function typedValue(param: RequestParam, text: string): unknown {
  switch (param.type) {
    case 'integer':
    case 'number':
      return Number(text.trim());
    case 'boolean':
      return text.trim() === 'true';
    case 'array':
    case 'object':
      return parseJson(text);
    default:
      return text;
  }
}

/** The problem with one value, or null when it can be sent. */
export function checkValue(param: RequestParam, text: string): ParamProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return isRequiredFlag(param.required) ? 'required' : null;
  if (param.enum && param.enum.length > 0 && !param.enum.includes(text)) return 'enum';
  switch (param.type) {
    case 'integer':
      return /^-?\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed)) ? null : 'integer';
    case 'number':
      return /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed) && Number.isFinite(Number(trimmed))
        ? null
        : 'number';
    case 'boolean':
      return trimmed === 'true' || trimmed === 'false' ? null : 'boolean';
    case 'array':
      return Array.isArray(parseJson(trimmed)) ? null : 'array';
    case 'object': {
      const value = parseJson(trimmed);
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? null : 'object';
    }
    default:
      return null;
  }
}

/** A text as the parameter's JSON value (42, true, [1]), or undefined when it does not read as one. */
export function typedParamValue(param: RequestParam, text: string): unknown {
  return text.trim() !== '' && checkValue({ ...param, enum: undefined }, text) === null
    ? typedValue(param, text)
    : undefined;
}

/** Every parameter that cannot be sent as typed, by name. */
export function validateValues(api: RequestApi, values: ParamValues): Record<string, ParamProblem> {
  const problems: Record<string, ParamProblem> = {};
  for (const p of params(api)) {
    const problem = checkValue(p, values[p.name] ?? '');
    if (problem) problems[p.name] = problem;
  }
  return problems;
}

const EXTENSIONS: Record<string, string> = {
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
};

/** The file a non-JSON answer is saved to: <name_en>.<extension of the chosen or first type>. */
function fileName(api: RequestApi, values: ParamValues): string | null {
  const types = (api.response_format ?? '')
    .split(',')
    .map((type) => type.trim().toLowerCase())
    .filter(Boolean);
  if (types.length === 0 || types.some((type) => type.includes('json'))) return null;
  const known = new Set(types.map((type) => EXTENSIONS[type]).filter(Boolean));
  const chosen = values.format?.trim().toLowerCase();
  const extension = chosen && known.has(chosen) ? chosen : (EXTENSIONS[types[0]] ?? 'bin');
  return `${api.name_en}.${extension}`;
}

/**
 * The request for these values. Parameters left empty are left out; a body method sends the rest
 * in its request format (a typed JSON body, a form, a multipart form with its files; path
 * parameters in the query), other methods in the query. `apiKey` null: no key header on a free API, the
 * placeholder on a paid one.
 */
export function buildRequestModel(
  api: RequestApi,
  values: ParamValues,
  origin: string,
  apiKey: string | null,
): RequestModel {
  const method = (api.request_method || 'GET').toUpperCase();
  const given = params(api).filter((p) => (values[p.name] ?? '').trim() !== '');
  const base = absoluteUrl(api.endpoint, origin);
  const withBody = BODY_METHODS.has(method);
  // Path parameters ride in the query string whatever the method; the gateway fills them in.
  const inBody = withBody ? given.filter((p) => p.in !== 'path') : [];
  const inQuery = withBody ? given.filter((p) => p.in === 'path') : given;
  const format = withBody ? (api.request_format ?? 'application/json') : null;
  const files = format === 'multipart/form-data' ? inBody.filter((p) => p.type === 'file') : [];
  const body = withBody
    ? Object.fromEntries(
        inBody
          .filter((p) => !files.includes(p))
          .map((p) => [
            p.name,
            format === 'application/json' ? typedValue(p, values[p.name]) : values[p.name],
          ]),
      )
    : null;
  const query = new URLSearchParams(
    inQuery.map((p): [string, string] => [p.name, values[p.name]]),
  ).toString();
  const key = apiKey ?? (api.is_paid ? KEY_PLACEHOLDER : null);
  const headers: [string, string][] = [];
  if (key) headers.push([KEY_HEADER, key]);
  // A multipart sender writes its own Content-Type: the header carries the boundary it picked.
  if (body && format !== 'multipart/form-data') headers.push(['Content-Type', format!]);
  return {
    method,
    url: query ? `${base}?${query}` : base,
    headers,
    format,
    body,
    bodyText: bodyText(format, body),
    files: files.map((p): [string, string] => [p.name, values[p.name]]),
    saveAs: fileName(api, values),
    idempotent: api.is_paid === 1,
  };
}

function bodyText(format: RequestFormat | null, body: Record<string, unknown> | null) {
  if (!body || format === 'multipart/form-data') return null;
  if (format === 'application/json') return JSON.stringify(body);
  return new URLSearchParams(body as Record<string, string>).toString();
}

// Quoting for each language's string literals. JSON.stringify's output is a valid literal in
// JavaScript, Python, Go, Java and C#; single-quoted shell, PHP and Ruby strings escape by hand.
const q = (text: string) => JSON.stringify(text);
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const singleQuote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
function rustQuote(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/["\\\u0000-\u001f]/.test(text)) return `"${text}"`;
  let hashes = '';
  while (text.includes(`"${hashes}`)) hashes += '#';
  return `r${hashes}"${text}"${hashes}`;
}

/** A JSON value written as a Python literal. */
function pythonLiteral(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return q(value);
  if (typeof value === 'number') return String(value);
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    return `[${value.map((v) => pythonLiteral(v, indent)).join(', ')}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${q(k)}: ${pythonLiteral(v, inner)},`).join('\n')}\n${indent}}`;
}

const indentLines = (text: string, pad: string) => text.replace(/\n/g, `\n${pad}`);

// The body in each format: JSON and a form send `bodyText` as it is (with its Content-Type from
// `headers`); a multipart form is built with each language's own tool, which picks the boundary.
const isJson = (m: RequestModel) => m.format === 'application/json';
const isMultipart = (m: RequestModel) => m.format === 'multipart/form-data';
/** A multipart form's text parts, as typed. */
const textParts = (m: RequestModel) =>
  Object.entries(m.body ?? {}).map(([name, value]): [string, string] => [name, String(value)]);
/** A file part is named after its file, without the folders of the path typed. */
const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** curl -F reads a file name in double quotes when it holds a separator (; or ,) or a quote. */
const curlFile = (path: string) =>
  /[;,"\\]/.test(path) ? `"${path.replace(/[\\"]/g, '\\$&')}"` : path;

function curl(m: RequestModel): string {
  const body =
    m.bodyText !== null
      ? [`  --data-raw ${shellQuote(m.bodyText)}`]
      : [
          // --form-string: a value starting with @ or < is sent as it is, not read from a file.
          ...textParts(m).map(
            ([name, value]) => `  --form-string ${shellQuote(`${name}=${value}`)}`,
          ),
          ...m.files.map(([name, path]) => `  -F ${shellQuote(`${name}=@${curlFile(path)}`)}`),
        ];
  const lines = [
    `curl -sS --fail-with-body${m.method === 'GET' ? '' : ` -X ${m.method}`} ${shellQuote(m.url)}`,
    ...m.headers.map(([name, value]) => `  -H ${shellQuote(`${name}: ${value}`)}`),
    ...(m.idempotent
      ? [`  -H "${IDEMPOTENCY_HEADER}: $(od -An -tx1 -N16 /dev/urandom | tr -d ' \\n')"`]
      : []),
    ...body,
    ...(m.saveAs ? [`  -o ${shellQuote(m.saveAs)}`] : []),
  ];
  return [...(m.idempotent ? [`# ${IDEMPOTENCY_NOTE}`] : []), lines.join(' \\\n')].join('\n');
}

/** A multipart form in JavaScript, `file` writing the lines that append each file part. */
function formData(m: RequestModel, file: (name: string, path: string) => string[]): string[] {
  return [
    'const form = new FormData();',
    ...textParts(m).map(([name, value]) => `form.append(${q(name)}, ${q(value)});`),
    ...m.files.flatMap(([name, path]) => file(name, path)),
    '',
  ];
}

function fetchBody(m: RequestModel): string[] {
  if (!m.body) return [];
  if (isMultipart(m)) return ['  body: form,'];
  const fields = indentLines(JSON.stringify(m.body, null, 2), '  ');
  // URLSearchParams writes the very bytes of `bodyText`.
  return [
    isJson(m) ? `  body: JSON.stringify(${fields}),` : `  body: new URLSearchParams(${fields}),`,
  ];
}

/** `newKey`: the expression that makes a fresh Idempotency-Key. */
function fetchCall(m: RequestModel, newKey: string): string[] {
  return [
    `const response = await fetch(${q(m.url)}, {`,
    `  method: ${q(m.method)},`,
    ...(m.headers.length > 0 || m.idempotent
      ? [
          '  headers: {',
          ...m.headers.map(([name, value]) => `    ${q(name)}: ${q(value)},`),
          ...(m.idempotent
            ? [`    // ${IDEMPOTENCY_NOTE}`, `    ${q(IDEMPOTENCY_HEADER)}: ${newKey},`]
            : []),
          '  },',
        ]
      : []),
    ...fetchBody(m),
    '});',
  ];
}

function javascript(m: RequestModel): string {
  return [
    ...(isMultipart(m)
      ? formData(m, (name, path) => [
          `// The file (${path}) is the one picked in the page's <input type="file" name=${q(name)}>`,
          `form.append(${q(name)}, document.querySelector(${singleQuote(
            `input[type=file][name=${q(name)}]`,
          )}).files[0]);`,
        ])
      : []),
    ...fetchCall(m, 'crypto.randomUUID()'),
    'if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);',
    ...(m.saveAs
      ? [
          '// Save the file the API answers with',
          'const link = document.createElement("a");',
          'link.href = URL.createObjectURL(await response.blob());',
          `link.download = ${q(m.saveAs)};`,
          'link.click();',
        ]
      : ['const result = await response.json();', 'console.log(result);']),
  ].join('\n');
}

function node(m: RequestModel): string {
  const readsFiles = m.files.length > 0;
  return [
    `// Node.js ${readsFiles ? '20' : '18'} or later; save as example.mjs and run: node example.mjs`,
    ...(m.idempotent ? ["import { randomUUID } from 'node:crypto';"] : []),
    ...(readsFiles ? ["import { openAsBlob } from 'node:fs';"] : []),
    ...(m.saveAs ? ["import { writeFile } from 'node:fs/promises';"] : []),
    ...(m.idempotent || m.saveAs || readsFiles ? [''] : []),
    ...(isMultipart(m)
      ? formData(m, (name, path) => [
          `form.append(${q(name)}, await openAsBlob(${q(path)}), ${q(baseName(path))});`,
        ])
      : []),
    ...fetchCall(m, 'randomUUID()'),
    'if (!response.ok) {',
    '  console.error(`HTTP ${response.status}: ${await response.text()}`);',
    '  process.exit(1);',
    '}',
    ...(m.saveAs
      ? [
          `await writeFile(${q(m.saveAs)}, Buffer.from(await response.arrayBuffer()));`,
          `console.log(${q(`Saved ${m.saveAs}`)});`,
        ]
      : ['console.log(JSON.stringify(await response.json(), null, 2));']),
  ].join('\n');
}

function pythonBody(m: RequestModel): string[] {
  if (!m.body) return [];
  if (isJson(m)) return [`    json=${pythonLiteral(m.body, '    ')},`];
  if (m.bodyText !== null) return [`    data=${q(m.bodyText)},`];
  const text = textParts(m);
  if (m.files.length === 0) {
    return [
      '    # requests sends a multipart body only with files=; (None, value) is a text part',
      `    files={${text.map(([name, value]) => `${q(name)}: (None, ${q(value)})`).join(', ')}},`,
    ];
  }
  return [
    ...(text.length > 0 ? [`    data=${pythonLiteral(m.body, '    ')},`] : []),
    `    files={${m.files.map(([name, path]) => `${q(name)}: open(${q(path)}, "rb")`).join(', ')}},`,
  ];
}

function python(m: RequestModel): string {
  return [
    ...(m.saveAs ? [] : ['import json']),
    ...(m.idempotent ? ['import uuid'] : []),
    ...(m.saveAs && !m.idempotent ? [] : ['']),
    'import requests',
    '',
    `response = requests.request(`,
    `    ${q(m.method)},`,
    `    ${q(m.url)},`,
    ...(m.idempotent ? [`    # ${IDEMPOTENCY_NOTE}`] : []),
    ...(m.headers.length > 0 || m.idempotent
      ? [
          `    headers={${[
            ...m.headers.map(([n, v]) => `${q(n)}: ${q(v)}`),
            ...(m.idempotent ? [`${q(IDEMPOTENCY_HEADER)}: str(uuid.uuid4())`] : []),
          ].join(', ')}},`,
        ]
      : []),
    ...pythonBody(m),
    '    timeout=10,',
    ')',
    'if not response.ok:',
    '    raise SystemExit(f"HTTP {response.status_code}: {response.text}")',
    ...(m.saveAs
      ? [
          `with open(${q(m.saveAs)}, "wb") as file:`,
          '    file.write(response.content)',
          `print(${q(`Saved ${m.saveAs}`)})`,
        ]
      : ['print(json.dumps(response.json(), indent=2, ensure_ascii=False))']),
  ].join('\n');
}

function phpBody(m: RequestModel): string[] {
  if (m.bodyText !== null) return [`    CURLOPT_POSTFIELDS => ${singleQuote(m.bodyText)},`];
  if (!m.body) return [];
  // An array is sent as multipart/form-data, each CURLFile as a file part.
  return [
    '    CURLOPT_POSTFIELDS => [',
    ...textParts(m).map(
      ([name, value]) => `        ${singleQuote(name)} => ${singleQuote(value)},`,
    ),
    ...m.files.map(
      ([name, path]) => `        ${singleQuote(name)} => new CURLFile(${singleQuote(path)}),`,
    ),
    '    ],',
  ];
}

function php(m: RequestModel): string {
  return [
    '<?php',
    `$ch = curl_init(${singleQuote(m.url)});`,
    'curl_setopt_array($ch, [',
    `    CURLOPT_CUSTOMREQUEST => ${singleQuote(m.method)},`,
    '    CURLOPT_RETURNTRANSFER => true,',
    ...(m.idempotent ? [`    // ${IDEMPOTENCY_NOTE}`] : []),
    ...(m.headers.length > 0 || m.idempotent
      ? [
          `    CURLOPT_HTTPHEADER => [${[
            ...m.headers.map(([n, v]) => singleQuote(`${n}: ${v}`)),
            ...(m.idempotent
              ? [`${singleQuote(`${IDEMPOTENCY_HEADER}: `)} . bin2hex(random_bytes(16))`]
              : []),
          ].join(', ')}],`,
        ]
      : []),
    ...phpBody(m),
    '    CURLOPT_TIMEOUT => 10,',
    ']);',
    '$response = curl_exec($ch);',
    '$status = curl_getinfo($ch, CURLINFO_RESPONSE_CODE);',
    'if ($response === false || $status >= 400) {',
    '    fwrite(STDERR, "HTTP $status: " . ($response === false ? curl_error($ch) : $response) . "\\n");',
    '    exit(1);',
    '}',
    ...(m.saveAs
      ? [
          `file_put_contents(${singleQuote(m.saveAs)}, $response);`,
          `echo ${singleQuote(`Saved ${m.saveAs}`)}, "\\n";`,
        ]
      : [
          'echo json_encode(json_decode($response), JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\\n";',
        ]),
  ].join('\n');
}

const goCheck = (call: string) => [`\tif err := ${call}; err != nil {`, '\t\tpanic(err)', '\t}'];

/** Go's multipart.Writer writes a file part from a reader: a function saves repeating it. */
const GO_ADD_FILE = [
  '',
  "// addFile writes the file at path as the part name, under the file's own name.",
  'func addFile(form *multipart.Writer, name, path string) error {',
  '\tfile, err := os.Open(path)',
  '\tif err != nil {',
  '\t\treturn err',
  '\t}',
  '\tdefer file.Close()',
  '\tpart, err := form.CreateFormFile(name, filepath.Base(path))',
  '\tif err != nil {',
  '\t\treturn err',
  '\t}',
  '\t_, err = io.Copy(part, file)',
  '\treturn err',
  '}',
];

function go(m: RequestModel): string {
  const multipart = isMultipart(m);
  const imports = [
    ...(multipart ? ['"bytes"', '"mime/multipart"'] : []),
    ...(m.files.length > 0 ? ['"path/filepath"'] : []),
    ...(m.idempotent ? ['"crypto/rand"'] : []),
    '"fmt"',
    '"io"',
    '"net/http"',
    '"os"',
    ...(m.bodyText !== null ? ['"strings"'] : []),
  ].sort();
  const reader =
    m.bodyText !== null ? `strings.NewReader(${q(m.bodyText)})` : multipart ? '&body' : 'nil';
  return [
    'package main',
    '',
    'import (',
    ...imports.map((i) => `\t${i}`),
    ')',
    '',
    'func main() {',
    ...(multipart
      ? [
          '\tvar body bytes.Buffer',
          '\tform := multipart.NewWriter(&body)',
          ...textParts(m).flatMap(([n, v]) => goCheck(`form.WriteField(${q(n)}, ${q(v)})`)),
          ...m.files.flatMap(([n, path]) => goCheck(`addFile(form, ${q(n)}, ${q(path)})`)),
          ...goCheck('form.Close()'),
        ]
      : []),
    `\treq, err := http.NewRequest(${q(m.method)}, ${q(m.url)}, ${reader})`,
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    ...m.headers.map(([n, v]) => `\treq.Header.Set(${q(n)}, ${q(v)})`),
    ...(multipart ? ['\treq.Header.Set("Content-Type", form.FormDataContentType())'] : []),
    ...(m.idempotent
      ? [
          `\t// ${IDEMPOTENCY_NOTE} (rand.Text: Go 1.24+)`,
          `\treq.Header.Set(${q(IDEMPOTENCY_HEADER)}, rand.Text())`,
        ]
      : []),
    '\tresp, err := http.DefaultClient.Do(req)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tdefer resp.Body.Close()',
    '\tdata, err := io.ReadAll(resp.Body)',
    '\tif err != nil {',
    '\t\tpanic(err)',
    '\t}',
    '\tif resp.StatusCode >= 400 {',
    '\t\tfmt.Fprintf(os.Stderr, "HTTP %d: %s\\n", resp.StatusCode, data)',
    '\t\tos.Exit(1)',
    '\t}',
    ...(m.saveAs
      ? [
          `\tif err := os.WriteFile(${q(m.saveAs)}, data, 0o644); err != nil {`,
          '\t\tpanic(err)',
          '\t}',
          `\tfmt.Println(${q(`Saved ${m.saveAs}`)})`,
        ]
      : ['\tfmt.Println(string(data))']),
    '}',
    ...(m.files.length > 0 ? GO_ADD_FILE : []),
  ].join('\n');
}

/** HttpClient has no multipart builder: the example writes the body's parts itself. */
function javaMultipart(m: RequestModel): string[] {
  const utf8 = (expression: string) => `${expression}.getBytes(StandardCharsets.UTF_8)`;
  return [
    '        // HttpClient has no multipart builder: the body is written by hand, around a random boundary',
    '        String boundary = UUID.randomUUID().toString();',
    '        List<byte[]> body = new ArrayList<>();',
    ...textParts(m).map(
      ([name, value]) =>
        `        body.addAll(part(boundary, ${q(name)}, null, ${utf8(q(value))}));`,
    ),
    ...m.files.map(
      ([name, path]) =>
        `        body.addAll(part(boundary, ${q(name)}, ${q(baseName(path))}, Files.readAllBytes(Path.of(${q(path)}))));`,
    ),
    `        body.add(${utf8('("--" + boundary + "--\\r\\n")')});`,
  ];
}

const JAVA_PART = [
  '',
  '    /** One part of a multipart body: its headers, its content and the line break that ends it. */',
  '    static List<byte[]> part(String boundary, String name, String fileName, byte[] content) {',
  '        String head = "--" + boundary + "\\r\\nContent-Disposition: form-data; name=\\"" + name + "\\""',
  '            + (fileName == null ? "" : "; filename=\\"" + fileName + "\\"\\r\\nContent-Type: application/octet-stream")',
  '            + "\\r\\n\\r\\n";',
  '        return List.of(head.getBytes(StandardCharsets.UTF_8), content, "\\r\\n".getBytes(StandardCharsets.UTF_8));',
  '    }',
];

function java(m: RequestModel): string {
  const multipart = isMultipart(m);
  const imports = new Set([
    'java.net.URI',
    'java.net.http.HttpClient',
    'java.net.http.HttpRequest',
    'java.net.http.HttpResponse',
    ...(m.saveAs || m.files.length > 0 ? ['java.nio.file.Files', 'java.nio.file.Path'] : []),
    ...(multipart
      ? ['java.nio.charset.StandardCharsets', 'java.util.ArrayList', 'java.util.List']
      : []),
    ...(m.idempotent || multipart ? ['java.util.UUID'] : []),
  ]);
  const publisher =
    m.bodyText !== null
      ? `HttpRequest.BodyPublishers.ofString(${q(m.bodyText)})`
      : multipart
        ? 'HttpRequest.BodyPublishers.ofByteArrays(body)'
        : 'HttpRequest.BodyPublishers.noBody()';
  return [
    ...[...imports].sort().map((name) => `import ${name};`),
    '',
    'public class Example {',
    '    public static void main(String[] args) throws Exception {',
    '        HttpClient client = HttpClient.newHttpClient();',
    ...(multipart ? javaMultipart(m) : []),
    `        HttpRequest request = HttpRequest.newBuilder(URI.create(${q(m.url)}))`,
    ...m.headers.map(([n, v]) => `            .header(${q(n)}, ${q(v)})`),
    ...(multipart
      ? ['            .header("Content-Type", "multipart/form-data; boundary=" + boundary)']
      : []),
    ...(m.idempotent
      ? [
          `            // ${IDEMPOTENCY_NOTE}`,
          `            .header(${q(IDEMPOTENCY_HEADER)}, UUID.randomUUID().toString())`,
        ]
      : []),
    `            .method(${q(m.method)}, ${publisher})`,
    '            .build();',
    '        HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());',
    '        if (response.statusCode() >= 400) {',
    '            System.err.println("HTTP " + response.statusCode() + ": " + new String(response.body(), "UTF-8"));',
    '            System.exit(1);',
    '        }',
    ...(m.saveAs
      ? [
          `        Files.write(Path.of(${q(m.saveAs)}), response.body());`,
          `        System.out.println(${q(`Saved ${m.saveAs}`)});`,
        ]
      : ['        System.out.println(new String(response.body(), "UTF-8"));']),
    '    }',
    ...(multipart ? JAVA_PART : []),
    '}',
  ].join('\n');
}

function csharpBody(m: RequestModel): string[] {
  if (m.bodyText !== null) {
    return [
      `request.Content = new StringContent(${q(m.bodyText)}, Encoding.UTF8, ${q(m.format ?? '')});`,
    ];
  }
  if (!m.body) return [];
  return [
    'var form = new MultipartFormDataContent();',
    ...textParts(m).map(([name, value]) => `form.Add(new StringContent(${q(value)}), ${q(name)});`),
    ...m.files.map(
      ([name, path]) =>
        `form.Add(new ByteArrayContent(File.ReadAllBytes(${q(path)})), ${q(name)}, ${q(baseName(path))});`,
    ),
    'request.Content = form;',
  ];
}

function csharp(m: RequestModel): string {
  return [
    'using System;',
    ...(m.saveAs || m.files.length > 0 ? ['using System.IO;'] : []),
    'using System.Net.Http;',
    ...(m.bodyText !== null ? ['using System.Text;'] : []),
    '',
    'using var client = new HttpClient();',
    `using var request = new HttpRequestMessage(new HttpMethod(${q(m.method)}), ${q(m.url)});`,
    ...m.headers
      .filter(([n]) => n !== 'Content-Type')
      .map(([n, v]) => `request.Headers.Add(${q(n)}, ${q(v)});`),
    ...(m.idempotent
      ? [
          `// ${IDEMPOTENCY_NOTE}`,
          `request.Headers.Add(${q(IDEMPOTENCY_HEADER)}, Guid.NewGuid().ToString());`,
        ]
      : []),
    ...csharpBody(m),
    'using var response = await client.SendAsync(request);',
    'if (!response.IsSuccessStatusCode)',
    '{',
    '    Console.Error.WriteLine($"HTTP {(int)response.StatusCode}: {await response.Content.ReadAsStringAsync()}");',
    '    Environment.Exit(1);',
    '}',
    ...(m.saveAs
      ? [
          `await File.WriteAllBytesAsync(${q(m.saveAs)}, await response.Content.ReadAsByteArrayAsync());`,
          `Console.WriteLine(${q(`Saved ${m.saveAs}`)});`,
        ]
      : ['Console.WriteLine(await response.Content.ReadAsStringAsync());']),
  ].join('\n');
}

function rubyBody(m: RequestModel): string[] {
  if (m.bodyText !== null) return [`request.body = ${singleQuote(m.bodyText)}`];
  if (!m.body) return [];
  return [
    'request.set_form([',
    ...textParts(m).map(([name, value]) => `  [${singleQuote(name)}, ${singleQuote(value)}],`),
    ...m.files.map(([name, path]) => `  [${singleQuote(name)}, File.open(${singleQuote(path)})],`),
    "], 'multipart/form-data')",
  ];
}

function ruby(m: RequestModel): string {
  const klass = m.method.charAt(0) + m.method.slice(1).toLowerCase();
  return [
    ...(m.saveAs ? [] : ["require 'json'"]),
    "require 'net/http'",
    ...(m.idempotent ? ["require 'securerandom'"] : []),
    '',
    `uri = URI(${singleQuote(m.url)})`,
    `request = Net::HTTP::${klass}.new(uri)`,
    ...m.headers.map(([n, v]) => `request[${singleQuote(n)}] = ${singleQuote(v)}`),
    ...(m.idempotent
      ? [`# ${IDEMPOTENCY_NOTE}`, `request[${singleQuote(IDEMPOTENCY_HEADER)}] = SecureRandom.uuid`]
      : []),
    ...rubyBody(m),
    "response = Net::HTTP.start(uri.hostname, uri.port, use_ssl: uri.scheme == 'https') do |http|",
    '  http.request(request)',
    'end',
    'abort "HTTP #{response.code}: #{response.body}" unless response.is_a?(Net::HTTPSuccess)',
    ...(m.saveAs
      ? [
          `File.binwrite(${singleQuote(m.saveAs)}, response.body)`,
          `puts ${singleQuote(`Saved ${m.saveAs}`)}`,
        ]
      : ['puts JSON.pretty_generate(JSON.parse(response.body))']),
  ].join('\n');
}

function rustForm(m: RequestModel): string[] {
  const lines = [
    '    let form = reqwest::blocking::multipart::Form::new()',
    ...textParts(m).map(
      ([name, value]) => `        .text(${rustQuote(name)}, ${rustQuote(value)})`,
    ),
    ...m.files.map(([name, path]) => `        .file(${rustQuote(name)}, ${rustQuote(path)})?`),
  ];
  lines[lines.length - 1] += ';';
  return lines;
}

function rust(m: RequestModel): string {
  const multipart = isMultipart(m);
  return [
    `// Cargo.toml: reqwest = { version = "0.12", features = [${
      multipart ? '"blocking", "multipart"' : '"blocking"'
    }] }${m.idempotent ? ', uuid = { version = "1", features = ["v4"] }' : ''}`,
    'fn main() -> Result<(), Box<dyn std::error::Error>> {',
    ...(multipart ? rustForm(m) : []),
    '    let response = reqwest::blocking::Client::new()',
    `        .${m.method.toLowerCase()}(${rustQuote(m.url)})`,
    ...m.headers.map(([n, v]) => `        .header(${rustQuote(n)}, ${rustQuote(v)})`),
    ...(m.idempotent
      ? [
          `        // ${IDEMPOTENCY_NOTE}`,
          `        .header(${rustQuote(IDEMPOTENCY_HEADER)}, uuid::Uuid::new_v4().to_string())`,
        ]
      : []),
    ...(m.bodyText !== null ? [`        .body(${rustQuote(m.bodyText)})`] : []),
    ...(multipart ? ['        .multipart(form)'] : []),
    '        .send()?;',
    '    let status = response.status();',
    '    if !status.is_success() {',
    '        eprintln!("HTTP {}: {}", status.as_u16(), response.text()?);',
    '        std::process::exit(1);',
    '    }',
    ...(m.saveAs
      ? [
          `    std::fs::write(${rustQuote(m.saveAs)}, response.bytes()?)?;`,
          `    println!(${rustQuote(`Saved ${m.saveAs}`)});`,
        ]
      : ['    println!("{}", response.text()?);']),
    '    Ok(())',
    '}',
  ].join('\n');
}

const WRITERS: Record<ExampleLanguage, (m: RequestModel) => string> = {
  curl,
  javascript,
  node,
  python,
  php,
  go,
  java,
  csharp,
  ruby,
  rust,
};

/** The model written in one language. */
export const renderExample = (model: RequestModel, language: ExampleLanguage): string =>
  WRITERS[language](model);
