// Prints the test lanes' table from their Jest JSON reports: node .ci/lanes.cjs DIR NAME:SECONDS...
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

const [dir, ...lanes] = process.argv.slice(2);
const row = (cells) =>
  cells.map((cell, i) => String(cell)[i ? 'padStart' : 'padEnd'](i ? 8 : 12)).join(' ');
console.log(row(['lane', 'passed', 'failed', 'skipped', 'seconds']));
for (const lane of lanes) {
  const [name, seconds] = lane.split(':');
  const file = join(dir, `${name}.json`);
  // A run that died before reporting has no file: its counts are unknown, not zero.
  const r = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  console.log(
    row(
      r
        ? [
            name,
            r.numPassedTests,
            r.numFailedTests + r.numRuntimeErrorTestSuites,
            r.numPendingTests + r.numTodoTests,
            seconds,
          ]
        : [name, '?', '?', '?', seconds],
    ),
  );
}

// The slowest files of each lane, so a suite that outgrows the time budget shows where.
const SLOWEST = 8;
for (const lane of lanes) {
  const [name] = lane.split(':');
  const file = join(dir, `${name}.json`);
  if (!existsSync(file)) continue;
  const files = JSON.parse(readFileSync(file, 'utf8'))
    .testResults.map((t) => [
      t.name.replace(`${process.cwd()}/`, ''),
      (t.endTime - t.startTime) / 1000,
    ])
    .sort((a, b) => b[1] - a[1])
    .slice(0, SLOWEST);
  console.log(`\nslowest in ${name}:`);
  for (const [path, seconds] of files) console.log(`${seconds.toFixed(1).padStart(8)} s  ${path}`);
}
