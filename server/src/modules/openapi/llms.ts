import type { RequestFormat } from '../../contracts/apis';
import type { DocumentedApi } from './dto/documented-api';
import type { DocumentSite } from './openapi-document';

/** One line of text: markdown list items, blockquotes and table cells cannot span lines. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const linkText = (text: string) => oneLine(text).replace(/[[\]\\]/g, '\\$&');
const cell = (text: string) => oneLine(text).replace(/\|/g, '\\|') || ' ';

/** A fence longer than any backtick run inside, so an example cannot close it early. */
function fenced(text: string, language = ''): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

const title = (api: DocumentedApi) =>
  api.name === api.name_en ? api.name_en : `${api.name} (${api.name_en})`;

const priceText = (api: DocumentedApi) =>
  api.is_paid
    ? `${api.price} yuan per successful call; needs an API key (X-API-Key header)`
    : 'free (an API key is optional)';

function summary(site: DocumentSite, count: number): string {
  return (
    oneLine(site.description) ||
    `${site.title} is an API catalogue: ${count} HTTP APIs, free or paid per call, behind one gateway.`
  );
}

function header(apis: DocumentedApi[], site: DocumentSite): string[] {
  return [
    `# ${oneLine(site.title)}`,
    '',
    `> ${summary(site, apis.length)}`,
    '',
    `Every API is called at ${site.url}/apis/<name_en> with the method and parameters below. ` +
      'Paid APIs need an API key in the X-API-Key header (or Authorization: Bearer <key>) and ' +
      "deduct their price from the key owner's balance on each successful call; free APIs need " +
      `no key. The OpenAPI 3.1 description is at ${site.url}/openapi.json, and MCP clients can ` +
      `connect to ${site.url}/mcp with the API key as their bearer token.`,
  ];
}

function footer(site: DocumentSite, full: boolean): string[] {
  return [
    '## Optional',
    '',
    `- [OpenAPI document](${site.url}/openapi.json): every API as one OpenAPI 3.1 document (also as YAML at ${site.url}/openapi.yaml)`,
    full
      ? `- [Index](${site.url}/llms.txt): the short list of APIs`
      : `- [Full documentation](${site.url}/llms-full.txt): the parameters, response fields and examples of every API`,
  ];
}

/** Free then paid, as the home page lists them. */
function groups(apis: DocumentedApi[]): [string, DocumentedApi[]][] {
  return (
    [
      ['Free APIs', apis.filter((api) => !api.is_paid)],
      ['Paid APIs', apis.filter((api) => api.is_paid)],
    ] as [string, DocumentedApi[]][]
  ).filter(([, members]) => members.length > 0);
}

/** llms.txt (llmstxt.org): the title, a summary, and a section of links per kind of API. */
export function renderLlmsTxt(apis: DocumentedApi[], site: DocumentSite): string {
  const lines = header(apis, site);
  for (const [heading, members] of groups(apis)) {
    lines.push('', `## ${heading}`, '');
    for (const api of members) {
      const notes = [
        oneLine(api.description),
        `${api.method} /apis/${api.name_en}${api.is_paid ? `, ${api.price} yuan per call` : ''}`,
      ].filter(Boolean);
      lines.push(
        `- [${linkText(title(api))}](${site.url}/openapi/${api.name_en}.json): ${notes.join(' — ')}`,
      );
    }
  }
  lines.push('', ...footer(site, false), '');
  return lines.join('\n');
}

/** llms-full.txt: the same header, then every API's whole documentation. */
export function renderLlmsFull(apis: DocumentedApi[], site: DocumentSite): string {
  const lines = header(apis, site);
  for (const [heading, members] of groups(apis)) {
    lines.push('', `## ${heading}`);
    for (const api of members) lines.push('', renderApiMarkdown(api, site.url, 3));
  }
  lines.push('', ...footer(site, true), '');
  return lines.join('\n');
}

/** How a body's parameters are sent, by the API's request format. */
const BODY_TEXTS: Record<RequestFormat, string> = {
  'application/json': 'Sent as a JSON object in the request body',
  'application/x-www-form-urlencoded': 'Sent as a form in the request body',
  'multipart/form-data': 'Sent as a multipart form in the request body, a file as a file part',
};

/** One API's documentation in markdown, its title at heading `level`. */
export function renderApiMarkdown(api: DocumentedApi, siteUrl: string, level = 1): string {
  const h = (depth: number) => '#'.repeat(Math.min(6, level + depth));
  const lines = [`${h(0)} ${oneLine(title(api))}`, ''];
  if (api.description) lines.push(api.description, '');
  lines.push(
    `- Endpoint: \`${api.method} ${siteUrl}/apis/${api.name_en}\``,
    `- Price: ${priceText(api)}`,
    `- Response format: ${oneLine(api.response_format) || 'application/json'}`,
    `- OpenAPI: ${siteUrl}/openapi/${api.name_en}.json`,
    '',
    `${h(1)} Parameters`,
    '',
  );
  if (api.request_params.length === 0) {
    lines.push('No parameters.');
  } else {
    const inQuery = api.method === 'GET' || api.method === 'DELETE';
    lines.push(
      inQuery
        ? 'Sent in the query string.'
        : `${BODY_TEXTS[api.request_format]} (Content-Type: ${api.request_format})` +
            (api.request_params.some((p) => p.in === 'path')
              ? ', except path parameters, which go in the query string.'
              : '.'),
      '',
      '| Name | Type | Required | Description |',
      '| --- | --- | --- | --- |',
      ...api.request_params.map(
        (p) =>
          `| ${cell(p.name)}${p.in === 'path' ? ' (path)' : ''} | ${p.type} | ${p.required ? 'yes' : 'no'} | ${cell(p.description)} |`,
      ),
    );
  }
  if (api.response_params.length > 0) {
    lines.push(
      '',
      `${h(1)} Response fields`,
      '',
      '| Name | Type | Description |',
      '| --- | --- | --- |',
      ...api.response_params.map(
        (f) => `| ${cell(f.name)} | ${cell(f.type)} | ${cell(f.description)} |`,
      ),
    );
  }
  if (api.status_codes.length > 0) {
    lines.push(
      '',
      `${h(1)} Status codes`,
      '',
      '| Code | Meaning |',
      '| --- | --- |',
      ...api.status_codes.map((s) => `| ${s.code} | ${cell(s.description)} |`),
    );
  }
  const example = api.response_example.trim();
  if (api.example_url || example) {
    lines.push('', `${h(1)} Example`, '');
    if (api.example_url) {
      const url = oneLine(api.example_url);
      lines.push(`Request: \`${api.method} ${url.startsWith('/') ? siteUrl : ''}${url}\``, '');
    }
    if (example) lines.push('Response:', '', fenced(example, isJson(example) ? 'json' : ''));
  }
  return lines.join('\n');
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
