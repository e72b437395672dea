/** List fields may arrive as JSON text, sometimes encoded more than once: decode up to 5 times. */
export const MAX_LIST_PARSES = 5;

export function parseListField<T = unknown>(value: unknown): T[] {
  let current = value;
  for (let i = 0; i < MAX_LIST_PARSES && typeof current === 'string'; i++) {
    try {
      current = JSON.parse(current);
    } catch {
      return [];
    }
  }
  return Array.isArray(current) ? (current as T[]) : [];
}
