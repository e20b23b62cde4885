// Lint: type-aware rules that catch real bugs (floating promises, misused promises) and the folder
// boundaries of STYLE.md (shared imports nothing; web and server never import each other).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB_TALKS_HTTP_ONLY = { group: ['**/server/**'], message: 'the web app talks to the server over HTTP only' };

/** The folders of src/web/features: each is a capability whose index.ts is all others may import. */
const WEB_FEATURES = readdirSync(new URL('./src/web/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A file of feature A reaches feature B only through B's index (`../B`, `../../B/index`), never
 * `../B/api/x` or `../B/Component`: what B keeps inside may move without breaking A.
 */
const webFeatureBoundaries = WEB_FEATURES.map((feature) => {
  const others = WEB_FEATURES.filter((other) => other !== feature).join('|');
  return {
    files: [`src/web/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            WEB_TALKS_HTTP_ONLY,
            {
              regex: `^(\\.\\./)+(${others})/(?!index(\\.[jt]sx?)?$)`,
              message: `${feature}: import another feature through its index (../B), never its files`,
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', '.tmp/**', 'node_modules/**', 'src/server/db/migrations/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['tests/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/web/**', 'react', 'fastify'],
              message: 'shared/ imports nothing from web or server',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**', 'react', 'react-dom'], message: 'the server never imports the web app' }] },
      ],
    },
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [WEB_TALKS_HTTP_ONLY] }],
    },
  },
  // After the src/web block: a feature's own no-restricted-imports replaces that block's, so it repeats its pattern.
  ...webFeatureBoundaries,
);
