import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A passkey authenticator in software, for tests of real WebAuthn ceremonies: an ES256 key pair
// per credential, 'none' attestation, and authenticator data built byte by byte as WebAuthn
// Level 2 §6.1 lays it out, so the server's verification checks our answers for real.

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftwareCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The user handle the relying party gave at registration (base64url). */
  userHandle: string;
  counter: number;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function counterBytes(counter: number) {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** The public key as a COSE_Key (RFC 9053): EC2, ES256, P-256, x and y. */
function coseKeyOf(privateKey: KeyObject): Uint8Array {
  const jwk = privateKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

export function softwareAuthenticator(site: { origin: string; rpId: string }) {
  const rpIdHash = sha256(site.rpId);
  return {
    /**
     * navigator.credentials.create(): a new credential for the options' challenge and user, and
     * the RegistrationResponseJSON the browser would send.
     */
    create(
      options: { challenge: string; user: { id: string } },
      settings: { counter?: number; userVerified?: boolean; origin?: string } = {},
    ) {
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const credential: SoftwareCredential = {
        id: randomBytes(16),
        privateKey,
        userHandle: options.user.id,
        counter: settings.counter ?? 0,
      };
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credential.id.length);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([FLAG_UP | (settings.userVerified === false ? 0 : FLAG_UV) | FLAG_AT]),
        counterBytes(credential.counter),
        Buffer.alloc(16), // AAGUID: none, as 'none' attestation allows
        idLength,
        credential.id,
        coseKeyOf(privateKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, string>()],
          ['authData', authData],
        ]),
      );
      const response = {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(
            clientData('webauthn.create', options.challenge, settings.origin ?? site.origin),
          ),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      };
      return { credential, response };
    },

    /**
     * navigator.credentials.get(): the credential signs the options' challenge, its counter moved
     * on by one unless `counter` says where it stands; the AuthenticationResponseJSON it gives.
     */
    get(
      credential: SoftwareCredential,
      options: { challenge: string },
      settings: { counter?: number; userVerified?: boolean; userHandle?: string | null } = {},
    ) {
      credential.counter = settings.counter ?? credential.counter + 1;
      const authenticatorData = Buffer.concat([
        rpIdHash,
        Buffer.from([FLAG_UP | (settings.userVerified === false ? 0 : FLAG_UV)]),
        counterBytes(credential.counter),
      ]);
      const clientDataJSON = clientData('webauthn.get', options.challenge, site.origin);
      const signature = sign(
        'sha256',
        Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
        credential.privateKey,
      );
      const userHandle =
        settings.userHandle === undefined ? credential.userHandle : settings.userHandle;
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          ...(userHandle === null ? {} : { userHandle }),
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      };
    },
  };
}
