/**
 * A statement whose parameters have names: written as a tagged template whose holes are the
 * names, it keeps `?` placeholders in its text (prepared once, the same on SQLite and MySQL) and
 * turns a parameters object into the values in placeholder order. A value cannot land in the
 * wrong placeholder, however many there are or however often one is used.
 *
 *   const debit = statement<{ price: number; userId: number }>`
 *     UPDATE users SET balance_milli = balance_milli - ${'price'} WHERE id = ${'userId'}`;
 *   pool.query(debit.text, debit.values({ price, userId }));
 */
export interface NamedStatement<P> {
  readonly text: string;
  values(params: P): unknown[];
}

export function statement<P extends object>(
  strings: TemplateStringsArray,
  ...names: (keyof P & string)[]
): NamedStatement<P> {
  const text = strings
    .reduce((sql, part, i) => sql + (i > 0 ? '?' : '') + part, '')
    .replace(/\s+/g, ' ')
    .trim();
  return { text, values: (params) => names.map((name) => params[name]) };
}
