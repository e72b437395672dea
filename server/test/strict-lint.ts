import { createConfig, lintFromString } from '@redocly/openapi-core';

/**
 * What redocly's recommended-strict profile finds in a document, as `rule at pointer: message`
 * lines (none for a document that passes). The profile is the one `redocly lint` applies.
 */
export async function strictLintProblems(document: unknown): Promise<string[]> {
  const config = await createConfig({ extends: ['recommended-strict'] });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: '/openapi.json',
    config,
  });
  return problems.map(
    (problem) => `${problem.ruleId} at ${problem.location[0]?.pointer ?? '#'}: ${problem.message}`,
  );
}
