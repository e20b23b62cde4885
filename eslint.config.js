// Lint: type-aware rules that catch real bugs (floating promises, misused promises) and the folder
// boundaries of STYLE.md (shared imports nothing; web and server never import each other).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports that reach into another server module's internals: `<up>` (the path up to modules/ from
 * these files), a module's folder, then anything but its index.js. These configs replace the
 * src/server/** one for their files, so they repeat its rule.
 */
const moduleBoundary = (files, up) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/web/**', 'react', 'react-dom'], message: 'the server never imports the web app' },
          {
            regex: `^${up}(?!\\.)[^/]+/(?!index\\.js$)`,
            message: 'another server module is imported only through its index.js, never its internal files',
          },
        ],
      },
    ],
  },
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
  // A server module uses another only through its public file (modules/<name>/index.ts), never its
  // internal files. One config per folder depth, as relative paths name other modules differently.
  moduleBoundary(['src/server/modules/index.ts'], '\\./'),
  moduleBoundary(['src/server/modules/*/*.ts'], '\\.\\./'),
  moduleBoundary(['src/server/modules/*/*/**'], '\\.\\./\\.\\./'),
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'the web app talks to the server over HTTP only' }] },
      ],
    },
  },
);
