import { formatPrice } from '../../../common/money';
import type { RequestFormat, RequestMethod } from '../../../contracts/apis';
import {
  isParameterType,
  isRequiredFlag,
  listDescriptions,
  parseListField,
  pathParameterNames,
  type ParameterType,
} from '../../../contracts/list-fields';
import type { ApiEntry } from '../../../database/entities';
import { BUILTIN_HANDLERS } from '../../builtins';

export interface DocumentedParam {
  name: string;
  /** 'path': fills `{name}` in the upstream URL; sent in the query string whatever the method. */
  in?: 'path';
  type: ParameterType;
  required: boolean;
  description: string;
  /** The try-it console's hints, as the admin wrote them (text). */
  enum?: string[];
  default?: string;
  example?: string;
}

export interface DocumentedField {
  name: string;
  type: string;
  description: string;
  /** Null where the API has nothing to say (a row's `nullable: true`). */
  nullable?: boolean;
}

export interface DocumentedStatus {
  code: number;
  description: string;
}

/** An enabled API as the agent-facing documents describe it (OpenAPI, llms.txt, MCP). */
export interface DocumentedApi {
  id: number;
  name: string;
  name_en: string;
  /** The English description when there is one (public text is English), else the other. */
  description: string;
  method: RequestMethod;
  is_paid: boolean;
  /** Yuan with three decimals: "0.005". */
  price: string;
  /** Calls a user makes free per period before the balance pays (paid APIs; 0: none). */
  free_quota: number;
  request_params: DocumentedParam[];
  /** The upstream URL's `{name}` path parameters in order: the sub-path segments a call fills. */
  path_params: string[];
  response_params: DocumentedField[];
  status_codes: DocumentedStatus[];
  response_format: string;
  /** How a POST or PUT sends its body parameters. */
  request_format: RequestFormat;
  response_example: string;
  /** Path and query of an example call, e.g. /apis/time?tz=Asia/Shanghai. */
  example_url: string;
  /** Served by an upstream (which may fail with 502), not by a built-in. */
  proxied: boolean;
  /** Served by a built-in or an upstream; without either the gateway answers 503. */
  implemented: boolean;
  updated_at: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A row's English description when it has one (the documents are English), else the other. */
function englishFirst(row: Record<string, unknown>): string {
  const { description, description_en } = listDescriptions(row);
  return description_en || description;
}

/**
 * The list fields as stored may hold rows written before the server checked them (numbers as
 * text, `key` for `name`, unknown types): rows without a name are dropped, odd types read as
 * string, so every document built from them stays valid.
 */
export function toDocumentedApi(api: ApiEntry): DocumentedApi {
  const request_params = parseListField<Record<string, unknown>>(api.request_params).flatMap(
    (row) => {
      const name = text(row?.name);
      if (!name) return [];
      const type = text(row.type);
      return [
        {
          name,
          ...(row.in === 'path' && { in: 'path' as const }),
          type: isParameterType(type) ? type : 'string',
          required: isRequiredFlag(row.required),
          description: englishFirst(row),
          ...(Array.isArray(row.enum) && { enum: row.enum.map(String) }),
          ...(typeof row.default === 'string' && { default: row.default }),
          ...(typeof row.example === 'string' && { example: row.example }),
        },
      ];
    },
  );
  const response_params = parseListField<Record<string, unknown>>(api.response_params).flatMap(
    (row) => {
      const name = text(row?.name) || text(row?.key);
      if (!name) return [];
      const field = { name, type: text(row.type), description: englishFirst(row) };
      return [{ ...field, nullable: row.nullable === true }];
    },
  );
  const status_codes = parseListField<Record<string, unknown>>(api.status_codes).flatMap((row) => {
    const code = Number(row?.code);
    return Number.isInteger(code) ? [{ code, description: englishFirst(row) }] : [];
  });
  const builtin = Boolean(api.handler && BUILTIN_HANDLERS[api.handler]);
  return {
    id: api.id,
    name: api.name,
    name_en: api.name_en,
    description: api.description_en.trim() || api.description.trim(),
    method: api.request_method,
    is_paid: api.is_paid === 1,
    price: formatPrice(api.price_per_call_milli),
    free_quota: api.is_paid === 1 ? api.free_quota_calls : 0,
    request_params,
    path_params: pathParameterNames(api.upstream_url),
    response_params,
    status_codes,
    response_format: api.response_format,
    request_format: api.request_format,
    response_example: api.response_example,
    example_url: api.example_url,
    proxied: !builtin && Boolean(api.upstream_url),
    implemented: builtin || Boolean(api.upstream_url),
    updated_at: api.updated_at.toISOString(),
  };
}
