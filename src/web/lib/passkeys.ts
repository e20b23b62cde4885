/**
 * The browser's side of passkeys (WebAuthn, docs/decisions/0022-passkeys.md): @simplewebauthn/browser asks the platform
 * or a security key, loaded only when a passkey is used, so /login stays light. Errors become the
 * texts of PASSKEY_MSG, the server's API errors their own message.
 */
import { PASSKEY_MSG } from '../../shared/passkey-texts';
import { errorMessage } from './api';

const browserLibrary = () => import('@simplewebauthn/browser');

/** False in browsers without WebAuthn (old ones, some in-app web views): the screens say so. */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

class PasskeyUnsupported extends Error {}

function requireSupport() {
  if (!passkeysSupported()) throw new PasskeyUnsupported(PASSKEY_MSG.unsupported);
}

/** navigator.credentials.create() with the server's options: the JSON POST /api-v1/passkeys/ takes. */
export async function createPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  requireSupport();
  const { startRegistration } = await browserLibrary();
  const response = await startRegistration({ optionsJSON: options as never });
  return response as unknown as Record<string, unknown>;
}

/** navigator.credentials.get() with the server's options: the assertion a sign-in or a `passkey` field carries. */
export async function signWithPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  requireSupport();
  const { startAuthentication } = await browserLibrary();
  const response = await startAuthentication({ optionsJSON: options as never });
  return response as unknown as Record<string, unknown>;
}

/** What to tell the user when a passkey step failed. */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof PasskeyUnsupported) return PASSKEY_MSG.unsupported;
  const name = (error as { name?: unknown } | null)?.name;
  // The user closed the prompt, it timed out, or no passkey of this site is on the device.
  if (name === 'NotAllowedError' || name === 'AbortError') return PASSKEY_MSG.cancelled;
  if (name === 'InvalidStateError') return PASSKEY_MSG.alreadyRegistered;
  if (name === 'NotSupportedError' || name === 'SecurityError') return PASSKEY_MSG.unsupported;
  return errorMessage(error, fallback);
}
