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
// Plugin `i18n` for oxlint (jsPlugins in .oxlintrc.json): on the web app's .tsx files but their tests.
export default {
  meta: { name: 'i18n' },
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
