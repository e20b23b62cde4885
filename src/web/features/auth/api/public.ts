/** The public account calls of docs/product.md section 7 "Auth": no bearer token, answers checked by schema. */
import { authSchemas, commonSchemas } from '../schemas';

export const PUBLIC = { auth: false } as const;
export const loginResponse = async () => (await authSchemas()).loginResponse;
/** A completed sign-in (passkey, second step): always a session, never a 2FA challenge. */
export const loginSession = async () => (await authSchemas()).loginSession;
export const messageBody = async () => (await commonSchemas()).messageBody;
