/**
 * The WebAuthn library, loaded on a passkey's first use rather than with the app: it takes about
 * a second to load (its CBOR and COSE dependencies), which every start and every test file
 * paid, whether or not it touched a passkey.
 */
export const webauthn = () => import('@simplewebauthn/server');
