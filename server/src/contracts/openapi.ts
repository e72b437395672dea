import type { RequestMethod } from './apis';
import type { RequestParam } from './list-fields';

/** The most an imported OpenAPI document may hold: 16 MB of UTF-8 (GitHub's is 13 MB). */
export const OPENAPI_IMPORT_MAX_BYTES = 16_000_000;

/**
 * The media types import_openapi.php also takes the document in, as it is (YAML or JSON), with
 * `?dry_run=true|false`: the server then never parses megabytes of JSON on its event loop.
 * IANA registers the first two for OpenAPI documents.
 */
export const OPENAPI_DOCUMENT_TYPES = [
  'application/vnd.oai.openapi',
  'application/vnd.oai.openapi+json',
  'application/yaml',
] as const;

/** POST /api/admin/import_openapi.php as JSON (or the document as it is: OPENAPI_DOCUMENT_TYPES). */
export interface ImportOpenApiBody {
  /** An OpenAPI 3.0 or 3.1 (or Swagger 2.0) document, as JSON or YAML text. */
  document: string;
  /** true: only answer the preview; false: apply it in one transaction. */
  dry_run: boolean;
}

/** POST /api/admin/import_openapi_url.php: the document fetched from a public https:// URL. */
export interface ImportOpenApiUrlBody {
  url: string;
  dry_run: boolean;
}

export type ImportAction = 'create' | 'update' | 'unchanged';

/** One operation of the document and what the import does with it. */
export interface ImportedApi {
  name: string;
  name_en: string;
  method: RequestMethod;
  /** The document's server URL + the operation's path. */
  upstream_url: string;
  parameters: RequestParam[];
  action: ImportAction;
  /** The catalogue entry it updates or matches; null for a new one. */
  id: number | null;
  /** The columns an update changes (empty otherwise). */
  changed_fields: string[];
}

/** An operation the import leaves out, and why (Chinese, for the admin screen). */
export interface SkippedOperation {
  method: string;
  path: string;
  reason: string;
}

/** import_openapi.php's `data`. Imported APIs start disabled and free, for the admin to price. */
export interface ImportPreview {
  dry_run: boolean;
  apis: ImportedApi[];
  skipped: SkippedOperation[];
  counts: Record<ImportAction, number>;
}
