import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

/** WebAuthn authenticator-data flags. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Held {
  privateKey: KeyObject;
  userHandle: string;
  counter: number;
}

/** What a test may bend in one answer, to see the server refuse it. */
export interface Bend {
  /** The origin the "browser" writes into clientDataJSON. */
  origin?: string;
  /** The RP ID whose hash the authenticator signs. */
  rpId?: string;
  /** Whether the authenticator verified its user (PIN, biometric); true by default. */
  userVerified?: boolean;
  /** The challenge answered, instead of the one in the options. */
  challenge?: string;
  /** Answers with the first credential held, allowed by the options or not. */
  anyCredential?: boolean;
  /** Flips a bit of the signature. */
  badSignature?: boolean;
  /** The signature counter to report from now on (passkeys usually keep 0). */
  counter?: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

/**
 * A software passkey authenticator with "none" attestation and ES256 keys: what a browser and a
 * platform authenticator hand the site, built by the book (W3C WebAuthn §6.1, §6.5), so the
 * server's WebAuthn library verifies it as it would a phone's. The browser suite uses Chromium's
 * own virtual authenticator instead.
 */
export class SoftAuthenticator {
  private readonly held = new Map<string, Held>();

  constructor(readonly origin: string) {}

  /** navigator.credentials.create(): a new discoverable credential for the options' user. */
  create(options: CreationOptions, bend: Bend = {}) {
    const rpId = bend.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const id = randomBytes(16);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | (bend.userVerified === false ? 0 : UV) | AT]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      idLength,
      id,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const attestation = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientData = this.clientData('webauthn.create', options.challenge, bend);
    this.held.set(b64url(id), { privateKey, userHandle: options.user.id, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(attestation),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): an assertion by an allowed (or any held) credential. */
  get(options: RequestOptions, bend: Bend = {}) {
    const allowed = bend.anyCredential ? undefined : options.allowCredentials?.map((c) => c.id);
    const id = [...this.held.keys()].find((key) => !allowed || allowed.includes(key));
    const key = id && this.held.get(id);
    if (!id || !key) throw new Error('the authenticator holds no credential for these options');
    key.counter = bend.counter ?? key.counter;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(key.counter);
    const rpId = bend.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | (bend.userVerified === false ? 0 : UV)]),
      counter,
    ]);
    const clientData = this.clientData('webauthn.get', options.challenge, bend);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), key.privateKey);
    if (bend.badSignature) signature[signature.length - 1] ^= 1;
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: key.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  private clientData(type: string, challenge: string, bend: Bend): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: bend.challenge ?? challenge,
        origin: bend.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }
}
