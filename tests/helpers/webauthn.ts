/**
 * A software passkey for API tests: an ES256 key pair made with node:crypto that answers WebAuthn
 * options as a browser and authenticator would (W3C WebAuthn Level 3, sections 6.1 and 6.5): it
 * builds authenticatorData, clientDataJSON and a "none" attestation in CBOR by hand, and signs
 * assertions. Nothing here comes from the library the server checks them with.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

/** CBOR head: major type and argument (RFC 8949 section 3). */
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(value, 1);
  return b;
}

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface AnswerOptions {
  /** The page's origin as the browser reports it; default the test app's (inject's Host: localhost). */
  origin?: string;
  /** Default: the RP ID of the options. */
  rpId?: string;
  /** The counter the authenticator reports; default one more than last time. */
  counter?: number;
  /** The user was verified (PIN, biometrics); default true. */
  userVerified?: boolean;
  /** Sign a different challenge than the options carry. */
  challenge?: string;
}

const TEST_ORIGIN = 'http://localhost';

export class SoftPasskey {
  readonly credentialId = randomBytes(32);
  readonly #privateKey: KeyObject;
  readonly #publicKey: KeyObject;
  counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#privateKey = pair.privateKey;
    this.#publicKey = pair.publicKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The public key as a COSE_Key (RFC 9052): EC2, ES256, P-256, x and y. */
  #coseKey(): Buffer {
    const jwk = this.#publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  #authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  #clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  #nextCounter(options: AnswerOptions): number {
    this.counter = options.counter ?? this.counter + 1;
    return this.counter;
  }

  /** navigator.credentials.create() answered: the JSON startRegistration returns. */
  register(creationOptions: any, options: AnswerOptions = {}) {
    const rpId = options.rpId ?? (creationOptions.rp.id as string);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, this.#coseKey()]);
    const flags = FLAG_UP | FLAG_AT | (options.userVerified === false ? 0 : FLAG_UV);
    const authData = this.#authData(rpId, flags, this.#nextCounter({ counter: options.counter ?? 0 }), attested);
    const clientData = this.#clientData(
      'webauthn.create',
      options.challenge ?? (creationOptions.challenge as string),
      options.origin ?? TEST_ORIGIN,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get() answered: the JSON startAuthentication returns. */
  assert(requestOptions: any, options: AnswerOptions = {}) {
    const rpId = options.rpId ?? (requestOptions.rpId as string);
    const flags = FLAG_UP | (options.userVerified === false ? 0 : FLAG_UV);
    const authData = this.#authData(rpId, flags, this.#nextCounter(options));
    const clientData = this.#clientData(
      'webauthn.get',
      options.challenge ?? (requestOptions.challenge as string),
      options.origin ?? TEST_ORIGIN,
    );
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.#privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
    };
  }
}
