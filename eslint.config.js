// Lint: the folder boundaries of docs/style.md (shared imports nothing; web and server never import each
// other), no import loops between files (scripts/lint-import-loops.js), the React rules and the house's
// own. The type-aware rules that catch real bugs (floating and misused promises) run in oxlint on
// TypeScript 7 (.oxlintrc.json, docs/decisions/0081-static-checks-on-typescript-7.md).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importLoopRules } from './scripts/lint-import-loops.js';

/**
 * Tests may not swallow a failure unseen (docs/style.md): `.catch(() => {})`, `.catch(() => undefined)`
 * and the like need a comment, on the line of the `.catch(` or the line above, saying why the
 * failure does not matter. Otherwise let it fail the test.
 */
const isNothing = (node) =>
  (node.type === 'Identifier' && node.name === 'undefined') ||
  (node.type === 'Literal' && node.value === null && !node.regex) ||
  (node.type === 'UnaryExpression' && node.operator === 'void');
const swallows = (fn) => {
  if (fn?.type !== 'ArrowFunctionExpression' && fn?.type !== 'FunctionExpression') return false;
  if (fn.body.type !== 'BlockStatement') return isNothing(fn.body);
  const [only, ...rest] = fn.body.body;
  if (!only) return true;
  return rest.length === 0 && only.type === 'ReturnStatement' && (!only.argument || isNothing(only.argument));
};
const testRules = {
  rules: {
    'no-silent-catch': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          silent:
            'This .catch() swallows the failure: let it fail the test, or say on this line or the one above why the failure does not matter.',
        },
      },
      create(context) {
        const commentLines = new Set(context.sourceCode.getAllComments().map((c) => c.loc.end.line));
        return {
          CallExpression(node) {
            const callee = node.callee;
            if (callee.type !== 'MemberExpression' || callee.computed || callee.property.name !== 'catch') return;
            if (!swallows(node.arguments[0])) return;
            const line = callee.property.loc.start.line;
            if (commentLines.has(line) || commentLines.has(line - 1)) return;
            context.report({ node: callee.property, messageId: 'silent' });
          },
        };
      },
    },
  },
};
/**
 * Every user-visible text goes through the i18n layer (docs/decisions/0043-languages.md, src/web/lib/i18n.ts):
 * no words as JSX text, as a string in braces, or as a text attribute (aria-label, placeholder, ...),
 * and no shared-table message (`MSG.x`, `TRADE_MSG.x`) shown without `message()`. Symbols, numbers and
 * upper-case tickers (USDT, ERC20, BTC/USDT) are not words.
 */
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'aria-description',
  'alt',
  'title',
  'placeholder',
  'label',
  'description',
  'hint',
  'message',
  'heading',
  'subtitle',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
]);
const isWords = (text) => /\p{L}/u.test(text) && !/^[\p{Lu}\d\s/_.:%+\-–—()·•|,&#$@*]+$/u.test(text.trim());
const isMessageTable = (node) =>
  node.type === 'MemberExpression' && node.object.type === 'Identifier' && /^(?:[A-Z_]+_)?MSG$/.test(node.object.name);
const i18nRules = {
  rules: {
    'no-literal-text': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          text: 'User-visible text "{{text}}" outside the catalogs: use t() from useI18n() (src/web/locales).',
          table: 'A shared message shown as it is: wrap it in message() from useI18n() so it is translated.',
        },
      },
      create(context) {
        const report = (node, text) =>
          context.report({ node, messageId: 'text', data: { text: text.trim().slice(0, 40) } });
        const literalText = (node) =>
          node.type === 'Literal' && typeof node.value === 'string'
            ? node.value
            : node.type === 'TemplateLiteral'
              ? node.quasis.map((q) => q.value.cooked ?? '').join(' ')
              : null;
        return {
          JSXText(node) {
            if (isWords(node.value)) report(node, node.value);
          },
          JSXExpressionContainer(node) {
            if (node.parent.type === 'JSXAttribute') return;
            const text = literalText(node.expression);
            if (text !== null && isWords(text)) report(node, text);
            if (isMessageTable(node.expression)) context.report({ node, messageId: 'table' });
          },
          JSXAttribute(node) {
            if (node.name.type !== 'JSXIdentifier' || !TEXT_ATTRIBUTES.has(node.name.name) || !node.value) return;
            const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
            const text = literalText(value);
            if (text !== null && isWords(text)) report(node, text);
            if (isMessageTable(value)) context.report({ node, messageId: 'table' });
          },
        };
      },
    },
  },
};

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

/**
 * Imports that reach into another server module's internals: `<up>` (the path up to modules/ from
 * these files), a module's folder, then anything but its public file (index.js). These configs replace the
 * src/server/** one for their files, so they repeat its rule.
 */
const moduleBoundary = (files, up, publicFiles = 'index\\.js') => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/web/**', 'react', 'react-dom'], message: 'the server never imports the web app' },
          {
            regex: `^${up}(?!\\.)[^/]+/(?!(${publicFiles})$)`,
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
    // No type information here: the rules that need it run in oxlint (see the top of this file).
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
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
    files: ['tests/**', '**/*.test.{ts,tsx}'],
    plugins: { tests: testRules },
    rules: { 'tests/no-silent-catch': 'error' },
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
  // The list of ledger rules takes each module's rule from its ledger-rule.ts, which imports nothing of its module.
  moduleBoundary(['src/server/modules/ledger-rules.ts'], '\\./', 'index\\.js|ledger-rule\\.js'),
  // A module's tables (its schema.ts, which imports nothing of its module but db/) are public like its index.
  moduleBoundary(['src/server/modules/*/*.ts'], '\\.\\./', 'index\\.js|schema\\.js'),
  moduleBoundary(['src/server/modules/*/*/**'], '\\.\\./\\.\\./', 'index\\.js|schema\\.js'),
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [WEB_TALKS_HTTP_ONLY] }],
    },
  },
  {
    files: ['src/web/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { i18n: i18nRules },
    rules: { 'i18n/no-literal-text': 'error' },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { graph: importLoopRules },
    rules: {
      // No allow list: the last loop (auth, security and api-keys) was untangled (docs/decisions/0051).
      'graph/no-import-loop': 'error',
    },
  },
  // After the src/web block: a feature's own no-restricted-imports replaces that block's, so it repeats its pattern.
  ...webFeatureBoundaries,
);
