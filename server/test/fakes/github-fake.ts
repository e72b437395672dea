import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GitHubUser {
  id: number;
  login: string;
  name: string | null;
  /** The public address on the profile (any, verified or not). */
  email: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

interface Grant {
  user: GitHubUser;
  redirectUri: string;
  challenge: string;
}

/**
 * GitHub's OAuth app sign-in as GitHub Enterprise Server lays it out (github.com is out of reach
 * in tests): `/login/oauth/authorize` (approving at once as `signedIn`), `/login/oauth/access_token`
 * (client credentials, single-use code, redirect URI and PKCE S256 checked, and errors answered
 * 200 with an `error` field, as GitHub does) and the REST API under `/api/v3`.
 */
export class GitHubFake {
  readonly clientId = 'Iv1.portico';
  readonly clientSecret = 'github-secret';
  /** Who is signed in at "GitHub" when the browser arrives; null refuses (access_denied). */
  signedIn: GitHubUser | null = null;
  private readonly grants = new Map<string, Grant>();
  private readonly tokens = new Map<string, GitHubUser>();
  private server?: Server;
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server!.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/login/oauth/authorize') {
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      redirect.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (!this.signedIn || url.searchParams.get('client_id') !== this.clientId) {
        redirect.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(10).toString('hex');
        this.grants.set(code, {
          user: this.signedIn,
          redirectUri: url.searchParams.get('redirect_uri') ?? '',
          challenge: url.searchParams.get('code_challenge') ?? '',
        });
        redirect.searchParams.set('code', code);
      }
      res.writeHead(302, { location: redirect.href });
      res.end();
      return;
    }
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      let text = '';
      for await (const chunk of req) text += String(chunk);
      const body = new URLSearchParams(text);
      const grant = this.grants.get(body.get('code') ?? '');
      this.grants.delete(body.get('code') ?? '');
      const verifier = body.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        body.get('client_id') !== this.clientId ||
        body.get('client_secret') !== this.clientSecret
      ) {
        return json(200, { error: 'incorrect_client_credentials' });
      }
      if (
        !grant ||
        grant.redirectUri !== body.get('redirect_uri') ||
        grant.challenge !== challenge
      ) {
        return json(200, { error: 'bad_verification_code' });
      }
      const token = `gho_${randomBytes(12).toString('hex')}`;
      this.tokens.set(token, grant.user);
      return json(200, {
        access_token: token,
        token_type: 'bearer',
        scope: 'read:user,user:email',
      });
    }
    const user = this.tokens.get(
      (req.headers.authorization ?? '').replace(/^(Bearer|token) /i, ''),
    );
    if (url.pathname.startsWith('/api/v3/') && !user) {
      return json(401, { message: 'Bad credentials' });
    }
    if (url.pathname === '/api/v3/user') {
      const { id, login, name, email } = user!;
      return json(200, { id, login, name, email });
    }
    if (url.pathname === '/api/v3/user/emails') {
      return json(
        200,
        user!.emails.map((email) => ({ ...email, visibility: null })),
      );
    }
    json(404, { message: 'Not Found' });
  }
}
