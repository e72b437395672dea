/** What a built-in API sees of the gateway request. */
export interface BuiltinRequest {
  /** Upper-case HTTP method. */
  method: string;
  /** Query string, first value of each key, with the key param already removed. */
  query: Record<string, string>;
  /**
   * The body: parsed JSON, a form's fields, or a multipart form's parts (text, or a BuiltinFile
   * for a file, the first part of each name); undefined for none or another type.
   */
  body: unknown;
  /** Caller IP. */
  ip: string;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
}

/** A file part of a multipart body. */
export interface BuiltinFile {
  filename: string;
  /** As the sender declared it (application/octet-stream when it did not). */
  type: string;
  data: Buffer;
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
