import { AppError } from '../../common/app-error';
import { hasUnreadableCharacter } from '../../common/request-guards';
import { fullyDecoded } from './upstream';

/** Where a call goes upstream: the base (path parameters filled in), the sub-path, the query. */
export interface UpstreamTarget {
  baseUrl: string;
  subPath: string;
  search: URLSearchParams;
}

const MAX_VALUE_LENGTH = 256;

const missing = (name: string) =>
  new AppError(
    'gateway.path_parameter_missing',
    `path parameter ${name} is missing: add /${name} value after the API's address, or ?${name}=`,
    400,
    {},
    name,
  );

const invalid = (name: string) =>
  new AppError(
    'gateway.invalid_path',
    `path parameter ${name} must be one path segment (not ".", ".." or one holding "/")`,
    400,
    {},
    name,
  );

/**
 * The upstream target of an API whose upstream URL has `{name}` path parameters: each is taken
 * from the call's sub-path segments in order (`/apis/<name_en>/42`), else from the query parameter
 * of that name (which is then not passed on). A value must be one segment — no `/` or `\`, not `.`
 * or `..`, no control character, even once decoded — and goes in percent-encoded, so it can never
 * leave the API's base; upstreamUrl checks the result again. A sub-path longer than the
 * parameters is refused. Anything wrong is a 400 before any key, charge or upstream call.
 */
export function fillPathParameters(
  upstreamUrl: string,
  names: readonly string[],
  subPath: string,
  search: URLSearchParams,
): UpstreamTarget {
  const segments = subPath === '' ? [] : subPath.split('/');
  if (segments.length > names.length) throw invalid(names[names.length - 1]);
  let baseUrl = upstreamUrl;
  for (const [index, name] of names.entries()) {
    const raw = segments[index] ?? search.get(name);
    if (segments[index] === undefined) search.delete(name);
    if (raw === null || raw === '') throw missing(name);
    const value = fullyDecoded(raw);
    if (
      value === null ||
      value.length > MAX_VALUE_LENGTH ||
      /^\.{1,2}$/.test(value.split(';')[0]) ||
      /[/\\]/.test(value) ||
      hasUnreadableCharacter(value)
    ) {
      throw invalid(name);
    }
    baseUrl = baseUrl.split(`{${name}}`).join(encodeURIComponent(value));
  }
  return { baseUrl, subPath: '', search };
}
