import type { RequestFormat, RequestMethod } from '../../contracts/apis';
import {
  inItsLanguage,
  isParameterType,
  MAX_LIST_FIELD_BYTES,
  pathParameterNames,
  UPSTREAM_URL_TEMPLATE,
  type ParameterType,
} from '../../contracts/list-fields';
import type { SkippedOperation } from '../../contracts/openapi';
import type { DocumentedField, DocumentedParam, DocumentedStatus } from './dto/documented-api';
import { target, type OpenApiObject } from './import-document';
import { OpenApiErrors } from './openapi.errors';

/** One operation as a catalogue entry, before it meets the database. */
export interface ApiDraft {
  name: string;
  name_en: string;
  method: RequestMethod;
  request_format: RequestFormat;
  path: string;
  /** "GET /pets": where the operation sits in the document, for messages. */
  where: string;
  description: string;
  upstream_url: string;
  request_params: DocumentedParam[];
  response_params: DocumentedField[];
  status_codes: DocumentedStatus[];
  response_format: string;
  response_example: string;
}

export interface ImportPlan {
  drafts: ApiDraft[];
  skipped: SkippedOperation[];
}

type Json = Record<string, unknown>;

const OPERATION_KEYS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const METHODS: Record<string, RequestMethod> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  delete: 'DELETE',
};
const MAX_OPERATIONS = 2000;
const MAX_FIELDS = 100;
// The catalogue's column sizes (and the admin form's limits).
const MAX_NAME = 100;
const MAX_DESCRIPTION = 10_000;
const MAX_PARAM_DESCRIPTION = 1000;
const MAX_EXAMPLE = 16_000;
const MAX_UPSTREAM_URL = 500;
const MAX_MEDIA_TYPE = 100;

/** A list's size as stored: each row in its language (inItsLanguage). */
const storedBytes = (rows: { description: string }[]) =>
  Buffer.byteLength(JSON.stringify(rows.map(inItsLanguage)));

const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** Trimmed after it is cut too, so a re-import of what was exported reads the same text. */
const text = (value: unknown, max: number) =>
  typeof value === 'string' ? value.trim().slice(0, max).trim() : '';
/** A hint value as the catalogue keeps it: scalars as text, anything else left out. */
const hintText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value).trim().slice(0, MAX_NAME) || undefined
    : undefined;

/**
 * A parameter's hints: its schema's, with the parameter's own example (`example`, else the first
 * of `examples`) before the schema's.
 */
function parameterHints(parameter: Json): Pick<DocumentedParam, 'enum' | 'default' | 'example'> {
  const own =
    hintText(parameter.example) ??
    hintText(record(Object.values(record(parameter.examples))[0]).value);
  return { ...schemaHints(parameter.schema), ...(own !== undefined && { example: own }) };
}

/** A schema's enum, default and example, as the try-it console's hints (scalar values only). */
function schemaHints(schema: unknown): Pick<DocumentedParam, 'enum' | 'default' | 'example'> {
  const s = record(schema);
  const choices = list(s.enum).map(hintText);
  const fallback = hintText(s.default);
  const example = hintText(s.example) ?? hintText(list(s.examples)[0]);
  return {
    ...(choices.length > 0 &&
      choices.every((v) => v !== undefined) && {
        enum: choices.slice(0, MAX_FIELDS),
      }),
    ...(fallback !== undefined && { default: fallback }),
    ...(example !== undefined && { example }),
  };
}

const isJsonMedia = (type: string) => /^application\/([\w.-]+\+)?json(;|$)/i.test(type.trim());

/** The form formats a body may take when it is not JSON, as the catalogue names them. */
const FORM_FORMATS = ['multipart/form-data', 'application/x-www-form-urlencoded'] as const;
const mediaOf = (type: string) => type.split(';')[0].trim().toLowerCase();

/** A multipart part that is a file: binary text (3.0, and Swagger 2.0's `file` converted) or 3.1's
 * contentMediaType, one file or a list of them. */
function isFile(schema: unknown, deref: Deref): boolean {
  const s = deref(schema);
  if (s.type === 'array') return isFile(s.items, deref);
  return s.type === 'file' || s.format === 'binary' || typeof s.contentMediaType === 'string';
}

/** Cannot be imported: the reason is shown to the admin beside the operation. */
class Skip {
  constructor(readonly reason: string) {}
}

/**
 * The catalogue entries a (validated, dereferenced) document describes: one per operation. The
 * catalogue's model is one fixed endpoint per API that takes query parameters (GET, DELETE) or a
 * JSON body (POST, PUT); operations that do not fit it are listed as skipped with the reason.
 * Two operations that map to one English name refuse the whole document.
 */
export function planImport(document: OpenApiObject): ImportPlan {
  const drafts: ApiDraft[] = [];
  const skipped: SkippedOperation[] = [];
  const names = new Map<string, string>();
  for (const [path, value] of Object.entries(record(document.paths))) {
    const item = record(value);
    for (const key of OPERATION_KEYS.filter((k) => item[k] !== undefined)) {
      const method = key.toUpperCase();
      if (drafts.length + skipped.length >= MAX_OPERATIONS) {
        throw OpenApiErrors.invalid(`操作过多：一次最多导入 ${MAX_OPERATIONS} 个`);
      }
      const draft = toDraft(document, path, item, key);
      if (draft instanceof Skip) {
        skipped.push({ method, path, reason: draft.reason });
        continue;
      }
      const first = names.get(draft.name_en.toLowerCase());
      if (first) throw OpenApiErrors.duplicateName(draft.name_en, first, draft.where);
      names.set(draft.name_en.toLowerCase(), draft.where);
      drafts.push(draft);
    }
  }
  return { drafts, skipped };
}

function toDraft(document: OpenApiObject, path: string, item: Json, key: string): ApiDraft | Skip {
  const method = METHODS[key];
  if (!method) return new Skip('Portico 的接口只支持 GET、POST、PUT、DELETE 方法');
  const where = `${method} ${path}`;
  const operation = record(item[key]);
  const base = serverUrl(operation.servers ?? item.servers ?? document.servers, where);
  const upstream_url = `${base}${path}`;
  if (upstream_url.length > MAX_UPSTREAM_URL) {
    return new Skip(`上游地址超过 ${MAX_UPSTREAM_URL} 个字符`);
  }
  if (!UPSTREAM_URL_TEMPLATE.test(upstream_url)) {
    return new Skip('路径参数须各占一整段路径（如 /pets/{petId}），且名称只含字母、数字、_ . -');
  }
  const deref = derefIn(document);
  const request = requestParams(method, item, operation, deref);
  if (request instanceof Skip) return request;
  const { params, format } = request;
  // Path parameters first, in the order the path has them (the order a call's sub-path fills).
  const order = pathParameterNames(upstream_url);
  const request_params = [
    ...params
      .filter((param) => param.in === 'path')
      .sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name)),
    ...params.filter((param) => param.in !== 'path'),
  ];
  const response = successResponse(record(operation.responses), deref);
  const status_codes = statusCodes(record(operation.responses));
  const lists = [request_params, response.fields, status_codes];
  if (lists.some((rows) => storedBytes(rows) > MAX_LIST_FIELD_BYTES)) {
    return new Skip('参数或字段的说明太长，超过了数据库列的 64 KB 上限');
  }
  return {
    name: (
      text(operation.summary, MAX_NAME) ||
      text(operation.operationId, MAX_NAME) ||
      where
    ).slice(0, MAX_NAME),
    name_en: englishName(operation.operationId, key, path),
    method,
    request_format: format,
    path,
    where,
    description:
      text(operation.description, MAX_DESCRIPTION) || text(operation.summary, MAX_DESCRIPTION),
    upstream_url,
    request_params,
    response_params: response.fields,
    status_codes,
    response_format: response.mediaType,
    response_example: response.example,
  };
}

/**
 * servers[0] of the operation, its path or the document, variables filled with their defaults.
 * The upstream must be reachable from the server, so only an absolute http(s) URL will do.
 */
function serverUrl(servers: unknown, where: string): string {
  const server = record(list(servers)[0]);
  const variables = record(server.variables);
  const raw = typeof server.url === 'string' ? server.url.trim() : '';
  const url = raw.replace(/\{([^}]*)\}/g, (_, name: string) => {
    const fallback = record(variables[name]).default;
    return typeof fallback === 'string' ? fallback : '';
  });
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return url.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  throw OpenApiErrors.invalid(
    `${where} 没有可用的服务器地址：servers[0].url 必须是 http(s) 绝对地址` +
      (raw ? `（当前为 “${raw}”）` : '（文档没有 servers）'),
  );
}

/** The operationId as one clean path segment, or method-path when it has none. */
function englishName(operationId: unknown, key: string, path: string): string {
  const clean = (source: string) =>
    source
      .replace(/[^A-Za-z0-9_.-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^[^A-Za-z0-9]+/, '')
      .slice(0, MAX_NAME)
      .replace(/[-.]+$/, '');
  return (typeof operationId === 'string' && clean(operationId)) || clean(`${key}-${path}`);
}

/** Reads a schema, following a `$ref` the parser kept (a recursive one, see OpenApiObject). */
type Deref = (schema: unknown) => Json;

/** How many kept references in a row are followed before the schema is taken as an object. */
const MAX_REF_HOPS = 8;

function derefIn(document: OpenApiObject): Deref {
  return (schema) => {
    let s = record(schema);
    for (let hop = 0; hop < MAX_REF_HOPS && typeof s.$ref === 'string'; hop++) {
      s = record(target(document, s.$ref));
    }
    return s;
  };
}

/** A schema's type; a reference still unresolved after MAX_REF_HOPS is an object. */
function typeOf(schema: unknown, deref: Deref): ParameterType {
  const s = deref(schema);
  if (typeof s.$ref === 'string') return 'object';
  for (const type of Array.isArray(s.type) ? s.type : [s.type]) {
    // A file is a part of a multipart body only (isFile), never a value of its own.
    if (typeof type === 'string' && type !== 'file' && isParameterType(type)) return type;
  }
  if (s.properties !== undefined) return 'object';
  if (s.items !== undefined) return 'array';
  return 'string';
}

/** Properties and required names of an object schema, allOf members merged in. */
function objectProperties(
  schema: unknown,
  deref: Deref,
  depth = 0,
): {
  properties: Map<string, unknown>;
  required: Set<string>;
} {
  const s = deref(schema);
  const properties = new Map(Object.entries(record(s.properties)));
  const required = new Set(list(s.required).filter((n): n is string => typeof n === 'string'));
  // A schema that is its own allOf member (through references) is merged MAX_REF_HOPS deep.
  for (const member of depth < MAX_REF_HOPS ? list(s.allOf) : []) {
    const merged = objectProperties(member, deref, depth + 1);
    merged.properties.forEach((value, name) => properties.set(name, value));
    merged.required.forEach((name) => required.add(name));
  }
  return { properties, required };
}

/**
 * Query parameters for GET and DELETE; for POST and PUT the body's properties, and whether the
 * body is JSON, a form or a multipart form (JSON when the operation offers it). What the
 * catalogue cannot describe is dropped when optional and skips the operation when required.
 */
function requestParams(
  method: RequestMethod,
  item: Json,
  operation: Json,
  deref: Deref,
): { params: DocumentedParam[]; format: RequestFormat } | Skip {
  const parameters = new Map<string, Json>();
  for (const value of [...list(item.parameters), ...list(operation.parameters)]) {
    const parameter = record(value);
    parameters.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
  }
  const takesQuery = method === 'GET' || method === 'DELETE';
  const params: DocumentedParam[] = [];
  for (const parameter of parameters.values()) {
    const name = text(parameter.name, MAX_NAME);
    const where = String(parameter.in);
    const required = parameter.required === true;
    if (where === 'path') {
      params.push({
        name,
        in: 'path',
        type: typeOf(parameter.schema, deref),
        required: true,
        description: text(parameter.description, MAX_PARAM_DESCRIPTION),
        ...parameterHints(parameter),
      });
    } else if (where === 'query' && takesQuery) {
      if (name) {
        params.push({
          name,
          type: typeOf(parameter.schema, deref),
          required,
          description: text(parameter.description, MAX_PARAM_DESCRIPTION),
          ...parameterHints(parameter),
        });
      }
    } else if (required) {
      return new Skip(
        where === 'query'
          ? `必填的查询参数 ${name}：Portico 的 ${method} 接口只接收请求体`
          : `必填的 ${where} 参数 ${name}：Portico 的接口只描述查询参数和请求体`,
      );
    }
  }
  const json = { params: params.slice(0, MAX_FIELDS), format: 'application/json' as const };
  const body = record(operation.requestBody);
  if (operation.requestBody === undefined) return json;
  const content = record(body.content);
  const types = Object.keys(content);
  const bodyType =
    types.find(isJsonMedia) ??
    FORM_FORMATS.map((format) => types.find((type) => mediaOf(type) === format)).find(Boolean);
  if (takesQuery || !bodyType) {
    if (body.required !== true) return json;
    return new Skip(
      takesQuery
        ? `${method} 接口带有必填的请求体：Portico 的 ${method} 接口只接收查询参数`
        : `请求体不是 JSON、表单或 multipart 表单（${types.join('、') || '未声明类型'}）`,
    );
  }
  const format = isJsonMedia(bodyType) ? 'application/json' : (mediaOf(bodyType) as RequestFormat);
  const schema = record(content[bodyType]).schema;
  const { properties, required } = objectProperties(schema, deref);
  for (const [name, property] of properties) {
    const file = format === 'multipart/form-data' && isFile(property, deref);
    params.push({
      name: name.slice(0, MAX_NAME),
      type: file ? 'file' : typeOf(property, deref),
      required: required.has(name),
      description: text(record(property).description, MAX_PARAM_DESCRIPTION),
      // A file's example or default ("@mars.jpg") is no value a form could send.
      ...(file ? {} : schemaHints(property)),
    });
  }
  return { params: params.slice(0, MAX_FIELDS), format };
}

interface SuccessResponse {
  fields: DocumentedField[];
  mediaType: string;
  example: string;
}

/** The 200 answer (else the first 2xx, 2XX or default): its fields, media type and example. */
function successResponse(responses: Json, deref: Deref): SuccessResponse {
  const key = [
    '200',
    ...Object.keys(responses)
      .filter((k) => /^2\d\d$/.test(k))
      .sort(),
    '2XX',
    'default',
  ].find((k) => responses[k] !== undefined);
  const content = record(record(key && responses[key]).content);
  const types = Object.keys(content);
  const mediaType = types.find(isJsonMedia) ?? types[0];
  if (!mediaType) return { fields: [], mediaType: 'application/json', example: '' };
  const media = record(content[mediaType]);
  return {
    fields: responseFields(media.schema, deref),
    mediaType: mediaType.slice(0, MAX_MEDIA_TYPE),
    example: exampleText(media),
  };
}

/** Top-level fields and one level below (data.ip), as the catalogue documents an envelope. */
function responseFields(schema: unknown, deref: Deref): DocumentedField[] {
  const fields: DocumentedField[] = [];
  const add = (name: string, property: unknown) => {
    const p = deref(property);
    const type =
      typeof p.type === 'string' ? p.type : Array.isArray(p.type) || p.$ref ? typeOf(p, deref) : '';
    fields.push({
      name: name.slice(0, MAX_NAME),
      type: type || (p.properties !== undefined ? 'object' : ''),
      description: text(p.description, MAX_PARAM_DESCRIPTION),
    });
  };
  for (const [name, property] of objectProperties(schema, deref).properties) {
    add(name, property);
    const p = deref(property);
    const nested = objectProperties(p.type === 'array' ? p.items : p, deref).properties;
    for (const [child, value] of nested) add(`${name}.${child}`, value);
  }
  return fields.slice(0, MAX_FIELDS);
}

function exampleText(media: Json): string {
  const examples = Object.values(record(media.examples)).map((e) => record(e).value);
  const value = [media.example, ...examples, record(media.schema).example].find(
    (candidate) => candidate !== undefined,
  );
  if (value === undefined) return '';
  const rendered = typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  return rendered.length > MAX_EXAMPLE ? '' : rendered;
}

function statusCodes(responses: Json): DocumentedStatus[] {
  return Object.keys(responses)
    .filter((code) => /^[1-5]\d\d$/.test(code))
    .map((code) => ({
      code: Number(code),
      description: text(record(responses[code]).description, MAX_PARAM_DESCRIPTION),
    }))
    .sort((a, b) => a.code - b.code);
}
