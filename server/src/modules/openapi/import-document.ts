import { dereference, validate, type ParserOptions } from '@readme/openapi-parser';
import { convertObj } from 'swagger2openapi';
import { parse as parseYaml } from 'yaml';
import { OPENAPI_IMPORT_MAX_BYTES } from '../../contracts/openapi';
import { OpenApiErrors } from './openapi.errors';

/**
 * A parsed document: plain JSON values, every `$ref` resolved but those that lead back into
 * themselves (a tree's children, a linked list's next), which stay `$ref`s.
 */
export type OpenApiObject = Record<string, unknown>;

/** Beyond these a document is refused before any parser walks it recursively. */
const MAX_DEPTH = 64;
const MAX_NODES = 1_000_000;
/**
 * The most objects and arrays the document may hold once every `$ref` is replaced by its target,
 * and the deepest it may nest then: a few kilobytes of references to references that each name
 * the next twice expand to billions of nodes. The dereferenced document shares each target, so
 * building it costs what the text does; the limit is for what walks it as a tree (the catalogue
 * entries, their examples), and is set well above GitHub's own description (about 360,000).
 */
const MAX_EXPANDED_NODES = 2_000_000;
const MAX_EXPANDED_DEPTH = 256;
const VALIDATION_TIMEOUT_MS = 60_000;
const REPORTED_ERRORS = 3;

/**
 * References resolve inside the document only: external ones (other files, URLs) are never
 * fetched — they are refused before the parser runs, and `external: false` makes the parser
 * ignore any it were to meet. Recursion is ordinary in real schemas: a reference back into its
 * own target is kept as it is, not expanded and not refused.
 */
const PARSER_OPTIONS = {
  resolve: { external: false, file: false },
  dereference: { circular: 'ignore' },
  timeoutMs: VALIDATION_TIMEOUT_MS,
} satisfies ParserOptions;

/**
 * Reads an OpenAPI 3.0/3.1 or Swagger 2.0 document from JSON or YAML text: parsed, converted to
 * OpenAPI 3.0 when it is Swagger 2.0 (swagger2openapi), checked for size, depth and external
 * references, validated with @readme/openapi-parser, and dereferenced. It runs on the import's
 * worker thread (import-worker.ts), which bounds its time and memory; the checks here are single
 * bounded passes. Every refusal is an AppError whose Chinese message names the problem.
 */
export async function readOpenApiDocument(text: string): Promise<OpenApiObject> {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > OPENAPI_IMPORT_MAX_BYTES) throw OpenApiErrors.tooLarge(bytes);
  const document = parseText(text);
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw OpenApiErrors.invalid('文档的顶层必须是一个对象（OpenAPI 文档以 openapi: 3.x 开头）');
  }
  const openapi = await upgraded(document as OpenApiObject);
  checkVersion(openapi);
  inspect(openapi);
  checkExpansion(openapi);
  // The checks above have read it as the parser's document type requires.
  const parsed = openapi as unknown as Parameters<typeof validate>[0];
  let dereferenced: OpenApiObject;
  try {
    dereferenced = (await dereference(structuredClone(parsed), PARSER_OPTIONS)) as OpenApiObject;
  } catch (error) {
    throw OpenApiErrors.invalid(`$ref 无法解析：${firstLine(error)}`);
  }
  let result: Awaited<ReturnType<typeof validate>>;
  try {
    result = await validate(parsed, PARSER_OPTIONS);
  } catch (error) {
    throw OpenApiErrors.invalid(firstLine(error));
  }
  if (result.valid) return dereferenced;
  const reasons = [...new Set(result.errors.map((error) => describe(error.message)))];
  const shown = reasons.slice(0, REPORTED_ERRORS);
  const more = reasons.length - shown.length + result.additionalErrors;
  throw OpenApiErrors.invalid(
    `校验失败：${shown.join('；')}${more > 0 ? `（另有 ${more} 处错误）` : ''}`,
  );
}

/**
 * A Swagger 2.0 document as OpenAPI 3.0, converted once the same pass as a 3.x document's has
 * refused external references and bounded its size; any other document as it is. Minor faults a
 * real 2.0 document has are patched; references stay inside the document.
 */
async function upgraded(document: OpenApiObject): Promise<OpenApiObject> {
  if (document.swagger !== '2.0') return document;
  inspect(document);
  try {
    const converted = await convertObj(document as unknown as Parameters<typeof convertObj>[0], {
      patch: true,
      warnOnly: true,
      resolve: false,
      resolveInternal: false,
    });
    return converted.openapi as unknown as OpenApiObject;
  } catch (error) {
    throw OpenApiErrors.invalid(`Swagger 2.0 文档无法转换为 OpenAPI 3：${firstLine(error)}`);
  }
}

function parseText(text: string): unknown {
  if (!text.trim()) throw OpenApiErrors.invalid('文档为空');
  // JSON first when it looks like JSON: its errors then read as JSON errors, not YAML ones.
  if (/^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw OpenApiErrors.invalid(`不是合法的 JSON：${firstLine(error)}`);
    }
  }
  try {
    return parseYaml(text, { maxAliasCount: 100 }) as unknown;
  } catch (error) {
    throw OpenApiErrors.invalid(`不是合法的 JSON 或 YAML：${firstLine(error)}`);
  }
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0].replace(/:$/, '').trim();

function checkVersion(document: OpenApiObject): void {
  const version = document.openapi;
  if (typeof version === 'string' && /^3\.[01]\.\d+/.test(version)) return;
  if (document.swagger !== undefined) {
    throw OpenApiErrors.invalid(
      `不支持的 Swagger 版本 ${JSON.stringify(document.swagger)}，只支持 Swagger 2.0 和 OpenAPI 3.0/3.1`,
    );
  }
  throw OpenApiErrors.invalid(
    version === undefined
      ? '缺少 openapi 版本字段（应为 3.0.x 或 3.1.x，Swagger 文档为 swagger: "2.0"）'
      : `不支持的 openapi 版本 ${JSON.stringify(version)}，只支持 3.0.x 和 3.1.x`,
  );
}

const childrenOf = (value: object): [string, unknown][] =>
  Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);

interface Frame {
  value: unknown;
  depth: number;
  parent?: Frame;
  key?: string;
  /** Inside an example's value: data, where a `$ref` key is not a reference. */
  literal?: boolean;
}

/** An `example`, or the `value` of an Example Object (…/examples/<name>/value). */
const isLiteral = (frame: Frame, key: string) =>
  frame.literal === true ||
  key === 'example' ||
  (key === 'value' && frame.parent?.key === 'examples');

/** The frame's place as a JSON pointer (#/paths/~1pets/get), built only when a message needs it. */
function pointer(frame: Frame): string {
  const keys: string[] = [];
  for (let at: Frame | undefined = frame; at?.key !== undefined; at = at.parent) {
    keys.unshift(at.key.replace(/~/g, '~0').replace(/\//g, '~1'));
  }
  return `#/${keys.join('/')}`;
}

/**
 * One iterative pass over the parsed document: refuses external `$ref`s (anything not starting
 * with #; in an example's value, which is data, a `$ref` key is kept as written), nesting deeper
 * than MAX_DEPTH (which YAML anchors that contain themselves also reach) and more than MAX_NODES
 * containers, before any recursive parser sees it.
 */
function inspect(document: unknown): void {
  const stack: Frame[] = [{ value: document, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { value } = frame;
    if (typeof value !== 'object' || value === null) continue;
    if (++nodes > MAX_NODES) {
      throw OpenApiErrors.invalid(`文档过于复杂（超过 ${MAX_NODES} 个对象和数组）`);
    }
    if (frame.depth > MAX_DEPTH) {
      throw OpenApiErrors.invalid(
        `嵌套超过 ${MAX_DEPTH} 层（位于 ${pointer(frame)}），或 YAML 锚点引用了自身`,
      );
    }
    for (const [key, child] of childrenOf(value)) {
      const ref = key === '$ref' && typeof child === 'string' && !frame.literal;
      if (ref && !child.startsWith('#')) throw OpenApiErrors.remoteRef(child, pointer(frame));
      const literal = isLiteral(frame, key);
      stack.push({ value: child, depth: frame.depth + 1, parent: frame, key, literal });
    }
  }
}

/** The value a local `$ref` (#/a/b~1c) points at, or undefined (the parser then says why). */
export function target(document: OpenApiObject, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let value: unknown = document;
  const path = ref.slice(1);
  if (path === '') return value;
  for (const raw of path.split('/').slice(1)) {
    let key: string;
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

interface Expansion {
  /** Objects and arrays, the value's own included. */
  size: number;
  /** Levels of nesting below the value. */
  height: number;
}

/**
 * Measures the document as dereferencing would build it, each `$ref` target measured once and
 * its measure reused, and refuses the document as soon as it passes MAX_EXPANDED_NODES objects
 * and arrays or nests past MAX_EXPANDED_DEPTH: the work is bounded by those limits, not by what
 * the references multiply to. A `$ref` back into its own target counts nothing here: it stays a
 * `$ref`.
 */
function checkExpansion(document: OpenApiObject): void {
  const measured = new Map<string, Expansion>();
  const open = new Set<string>();
  let at = '#';
  const refuse = () => OpenApiErrors.refsTooLarge(at, MAX_EXPANDED_NODES, MAX_EXPANDED_DEPTH);
  const measureRef = (ref: string, depth: number): Expansion => {
    const known = measured.get(ref);
    if (known !== undefined) {
      if (depth + known.height > MAX_EXPANDED_DEPTH) throw refuse();
      return known;
    }
    const value = target(document, ref);
    if (open.has(ref) || value === undefined) return { size: 0, height: 0 };
    open.add(ref);
    const expansion = measure(value, depth);
    open.delete(ref);
    measured.set(ref, expansion);
    return expansion;
  };
  const measure = (value: unknown, depth: number): Expansion => {
    if (typeof value !== 'object' || value === null) return { size: 0, height: 0 };
    if (depth > MAX_EXPANDED_DEPTH) throw refuse();
    const total = { size: 1, height: 0 };
    for (const [key, child] of childrenOf(value)) {
      const isRef = key === '$ref' && typeof child === 'string';
      if (isRef) at = child;
      const { size, height } = isRef ? measureRef(child, depth) : measure(child, depth + 1);
      total.size += size;
      total.height = Math.max(total.height, isRef ? height : height + 1);
      if (total.size > MAX_EXPANDED_NODES) throw refuse();
    }
    return total;
  };
  measure(document, 0);
}

/** The parser reports places as `<base>#/...`; the admin knows only the part after the #. */

/**
 * A validator message is a reason, then a code frame of the document rendered as JSON; its line
 * numbers mean nothing to an admin who pasted YAML, so only the offending line and the hint are
 * kept: `TYPE must be string（位于 "description": 5）`.
 */
function describe(message: string): string {
  const lines = message.split('\n');
  const reason = lines[0].trim();
  const source = lines
    .find((line) => /^>\s*\d+\s*\|/.test(line))
    ?.replace(/^>\s*\d+\s*\|\s*/, '')
    .trim();
  const hint = lines
    .find((line) => /^\s*\|\s*\^/.test(line))
    ?.replace(/^\s*\|\s*\^+\s*/, '')
    .trim();
  if (!source) return reason;
  const extra = hint && !reason.toLowerCase().includes(hint.toLowerCase()) ? `：${hint}` : '';
  return `${reason}（位于 ${source}${extra}）`;
}
