import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export const TEST_CLIENT = { id: 'portico', secret: 'portico-client-secret' } as const;

export interface TestProvider {
  issuer: string;
  close(): Promise<void>;
}

/** Starts oidc-provider (test/oidc-provider.mjs) on loopback with Portico registered as a client. */
export async function startOidcProvider(redirectUris: string[]): Promise<TestProvider> {
  const child = spawn(
    process.execPath,
    [
      join(__dirname, 'oidc-provider.mjs'),
      TEST_CLIENT.id,
      TEST_CLIENT.secret,
      redirectUris.join(','),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const lines = createInterface({ input: child.stdout });
  const [line] = (await Promise.race([
    once(lines, 'line'),
    once(child, 'exit').then(() => {
      throw new Error(`the OpenID provider did not start: ${errors}`);
    }),
  ])) as [string];
  const { issuer } = JSON.parse(line) as { issuer: string };
  return {
    issuer,
    close: async () => {
      if (child.exitCode !== null) return;
      child.kill();
      await once(child, 'exit');
    },
  };
}

/**
 * Walks the provider's pages as a person would, from the authorization address Portico sent
 * the browser to: fills its login form with `login`, then follows redirects until one leaves
 * the provider. Returns that address (Portico's callback with the code).
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<string> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    if (!url.startsWith(origin)) return url;
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: form?.toString(),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    form = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const page = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (res.status !== 200 || !action || !page.includes('name="login"')) {
      throw new Error(`unexpected provider page ${res.status}: ${page.slice(0, 300)}`);
    }
    url = new URL(action, url).href;
    form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
  }
  throw new Error('the provider redirected too often');
}
