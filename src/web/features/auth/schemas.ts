/**
 * The shared account schemas, loaded on first use (a form's submit, an answer) rather than with the
 * page: zod is a quarter of /login's JavaScript and nothing in its first paint needs it. Typing in
 * a form starts the download (preloadAuthSchemas), so a submit seldom waits for it.
 */
export const authSchemas = () => import('../../../shared/api/auth');
export const commonSchemas = () => import('../../../shared/api/common');

export function preloadAuthSchemas(): void {
  void authSchemas().catch(() => {});
}
export const twoFactorSchemas = () => import('../../../shared/api/two-factor');
