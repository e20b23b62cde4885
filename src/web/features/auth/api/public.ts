/** The public account calls of docs/product.md section 7 "Auth": no bearer token, answers checked by schema. */
import { authSchemas, commonSchemas } from '../schemas';

export const PUBLIC = { auth: false } as const;
export const loginResponse = async () => (await authSchemas()).loginResponse;
export const messageBody = async () => (await commonSchemas()).messageBody;
