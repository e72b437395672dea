/*
 * A real OpenID provider for the sign-in tests: panva's oidc-provider (the certified Node
 * implementation), run as its own process because it is an ES module. Its development login
 * page takes any login and password; the login names the account:
 *   "alice"              sub alice, alice@idp.test, verified
 *   "bob@shop.test"      sub bob@shop.test, that address, verified
 *   "unverified-carol@shop.test"  that address, not verified
 * Consent is granted without asking. Prints {"issuer": …} once it listens.
 *
 *   node oidc-provider.mjs <client_id> <client_secret> <redirect_uri>[,<redirect_uri>…]
 */
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const [clientId, clientSecret, redirectUris] = process.argv.slice(2);

function claimsOf(login) {
  const email = login.includes('@') ? login : `${login}@idp.test`;
  const name = login.split('@')[0];
  return {
    sub: login,
    email,
    email_verified: !name.startsWith('unverified'),
    preferred_username: name,
    name,
  };
}

const server = createServer();
server.listen(0, '127.0.0.1', () => {
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris.split(','),
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    // The ID token carries the claims itself (Portico reads them from it, not from userinfo).
    conformIdTokenClaims: false,
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => claimsOf(id) }),
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    cookies: { keys: ['portico-test-provider'] },
  });
  provider.on('server_error', (_ctx, error) => process.stderr.write(`${error.stack}\n`));
  server.on('request', provider.callback());
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
});
