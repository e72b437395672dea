import * as z from 'zod/v4';
import { REQUEST_METHODS } from '../../../contracts/apis';

/** Caps on what an agent may send, well inside the gateway's own limits (1 MB bodies). */
export const TOOL_LIMITS = {
  /** The whole /mcp request. */
  requestBytes: 512 * 1024,
  /** call_api's JSON body, serialized. */
  callBodyBytes: 256 * 1024,
  /** call_api's query string, encoded. */
  queryChars: 8000,
  /** Arrays and object members across one call's arguments. */
  argumentElements: 2000,
  /** Text handed back from an API; the rest is cut with a note. */
  resultChars: 100_000,
  /** Images handed back as images; larger ones are described instead. */
  imageBytes: 1024 * 1024,
  searchResults: 50,
} as const;

const nameEn = z
  .string()
  .min(1)
  .max(100)
  .describe('The API\'s English name, as search_apis lists it (e.g. "hash")');

export const SEARCH_APIS_ARGS = {
  query: z
    .string()
    .max(200)
    .describe('Words to look for in API names and descriptions; empty lists every API'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(TOOL_LIMITS.searchResults)
    .optional()
    .describe('At most this many results (default 20)'),
};

export const GET_API_ARGS = { name_en: nameEn };

export const CALL_API_ARGS = {
  name_en: nameEn,
  query: z
    .record(z.string().min(1).max(100), z.union([z.string().max(4000), z.number(), z.boolean()]))
    .optional()
    .describe('Query parameters, e.g. {"text": "hello"} (GET and DELETE APIs take theirs here)'),
  body: z
    .unknown()
    .optional()
    .describe(
      'The request body of a POST or PUT API, as a JSON object (e.g. {"a": "x", "b": "y"}); it is sent in the API\'s request format (JSON, a form or a multipart form)',
    ),
  method: z
    .enum(REQUEST_METHODS)
    .optional()
    .describe("The HTTP method; defaults to the API's documented method"),
};

export type CallApiArgs = {
  name_en: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  method?: (typeof REQUEST_METHODS)[number];
};
