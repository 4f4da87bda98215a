import { describe, expect, it } from 'vitest';
import { WebAuthnError } from '@simplewebauthn/browser';
import { asPasskeyError } from './passkey-ceremony';

const browserError = (name: string) => Object.assign(new Error('platform words'), { name });

describe('asPasskeyError', () => {
  it('says a cancelled or timed-out ceremony in words, however the browser named it', () => {
    const wrapped = new WebAuthnError({
      message: 'The operation either timed out or was not allowed.',
      code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
      cause: browserError('NotAllowedError'),
    });
    expect(asPasskeyError(wrapped).message).toBe(
      'The passkey request was cancelled or timed out. Try again.',
    );
    expect(asPasskeyError(new DOMException('x', 'NotAllowedError')).message).toBe(
      'The passkey request was cancelled or timed out. Try again.',
    );
  });

  it('says when this device already holds a passkey for the account', () => {
    const error = new WebAuthnError({
      message: 'The authenticator was previously registered',
      code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      cause: browserError('InvalidStateError'),
    });
    expect(asPasskeyError(error).message).toBe(
      'This device already holds a passkey for your account.',
    );
  });

  it('keeps the server’s own refusal as it was worded', () => {
    const refusal = new Error('This passkey cannot sign you in here.');
    expect(asPasskeyError(refusal)).toBe(refusal);
  });
});
