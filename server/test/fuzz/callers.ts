import { SESSION_COOKIES } from '../../src/modules/sessions/session.service';
import { TEST_ADMIN } from '../harness';
import type { TestApp } from '../harness';
import { send } from './wire';
import type { WireAnswer } from './wire';

export type Role = 'anonymous' | 'user' | 'admin';

/**
 * Where the harness's own requests (sign-in, session checks) come from. The fuzzer sends from
 * 127.0.0.1 and its failed logins lock that address out; the login throttle counts this one
 * apart, so a caller can always sign in again.
 */
const HARNESS_ADDRESS = '127.0.0.2';

const SIGNED_IN_PROBE: Record<Exclude<Role, 'anonymous'>, string> = {
  user: '/api/user/get_user_info.php',
  admin: '/api/admin/get_user_list.php',
};

/** A browser stand-in for one role: its cookie jar, and its API key once signed in. */
export class Caller {
  readonly cookies = new Map<string, string>();
  apiKey = '';

  constructor(
    readonly role: Role,
    private readonly t: TestApp,
    private readonly credentials: { username: string; password: string } = TEST_ADMIN,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  xsrfToken(): string | undefined {
    const cookie = this.cookies.get('XSRF-TOKEN');
    return cookie === undefined ? undefined : decodeURIComponent(cookie);
  }

  hasSession(): boolean {
    return this.role === 'anonymous' || this.cookies.has(SESSION_COOKIES[this.role]);
  }

  /**
   * Keeps the cookies an answer sets and drops the ones it clears, as a browser would, and the
   * new API key when the answer is a key rotation (so keyed gateway calls keep getting through).
   */
  remember(answer: WireAnswer): void {
    if (answer.status === 200 && answer.body.includes('"new_api_key"')) {
      const rotated = (JSON.parse(answer.body) as { data?: { new_api_key?: unknown } }).data;
      if (typeof rotated?.new_api_key === 'string') this.apiKey = rotated.new_api_key;
    }
    for (const cookie of answer.headers['set-cookie'] ?? []) {
      const [pair, ...attributes] = cookie.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /**
   * Makes sure the caller holds an XSRF cookie and, unless anonymous, a live session (an attack
   * may have logged it out); answers whether it had to sign in again.
   */
  async ensureReady(): Promise<boolean> {
    if (this.role === 'anonymous') {
      if (!this.xsrfToken()) await this.harnessCall('GET', '/api/get_config.php');
      return false;
    }
    if (this.hasSession()) {
      const probe = await this.harnessCall('GET', SIGNED_IN_PROBE[this.role]);
      if (probe.status !== 401) return false;
    }
    await this.signIn();
    return true;
  }

  private async signIn(): Promise<void> {
    this.cookies.clear();
    await this.harnessCall('GET', '/api/get_config.php');
    const path = this.role === 'admin' ? '/api/admin/admin_login.php' : '/api/login.php';
    const answer = await this.harnessCall('POST', path, this.credentials);
    if (answer.status !== 200) {
      throw new Error(`${this.role} sign-in failed: ${answer.status} ${answer.body}`);
    }
    if (this.role === 'user') {
      this.apiKey = (
        JSON.parse(answer.body) as { user_info: { api_key: string } }
      ).user_info.api_key;
    }
  }

  private async harnessCall(method: string, path: string, body?: object): Promise<WireAnswer> {
    const headers: Record<string, string> = {};
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const token = this.xsrfToken();
    if (token) headers['x-xsrf-token'] = token;
    if (body) headers['content-type'] = 'application/json';
    const answer = await send(portOf(this.t), HARNESS_ADDRESS, {
      method,
      target: path,
      headers,
      body: body ? Buffer.from(JSON.stringify(body)) : undefined,
    });
    this.remember(answer);
    return answer;
  }
}

export const portOf = (t: TestApp) => Number(new URL(t.baseUrl).port);
