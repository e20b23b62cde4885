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
// Plugin `tests` for oxlint (jsPlugins in .oxlintrc.json): on the tests and the *.test.ts(x) files.
export default {
  meta: { name: 'tests' },
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
