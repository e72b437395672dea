/** What a built-in API sees of the gateway request. */
export interface BuiltinRequest {
  /** Upper-case HTTP method. */
  method: string;
  /** Query string, first value of each key, with the key param already removed. */
  query: Record<string, string>;
  /** Parsed JSON body, or undefined. */
  body: unknown;
  /** Caller IP. */
  ip: string;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
}

export interface BuiltinResponse {
  /** Defaults to 200. */
  status?: number;
  /** Defaults to 'application/json; charset=utf-8'. */
  contentType?: string;
  /** An object is sent as JSON; a string or Buffer is sent as-is. */
  body: unknown;
}

export type BuiltinHandler = (req: BuiltinRequest) => BuiltinResponse | Promise<BuiltinResponse>;
