import { invalidParam } from './params';

/** Bytes to text, refusing anything that is not valid UTF-8 rather than inventing U+FFFD. */
export function utf8Text(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidParam(`${what} does not decode to valid UTF-8 text`);
  }
}
