/**
 * Sends the paths it is given (an IPC message) to the base URL in argv[2], argv[3] at a time,
 * and answers with how many answers came back by status and x-page-cache ("200 hit": 12, …).
 */
const [base, parallel] = process.argv.slice(2);

process.once('message', async (paths) => {
  const sources = {};
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const res = await fetch(`${base}${paths[next++]}`);
      await res.arrayBuffer();
      const key = `${res.status} ${res.headers.get('x-page-cache')}`;
      sources[key] = (sources[key] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: Number(parallel) }, worker));
  process.send(sources, () => process.exit(0));
});
