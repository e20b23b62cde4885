/** English's message catalogs as trees, one per table: `{ table: { key: { sub: text } } }` from codes. */
export function messagesCatalogs(english: ReadonlyMap<string, string>): Record<string, Record<string, unknown>> {
  const trees: Record<string, Record<string, unknown>> = {};
  for (const [code, text] of english) {
    const [table = '', ...path] = code.split('.');
    let node: Record<string, unknown> = (trees[table] ??= {});
    path.slice(0, -1).forEach((part) => (node = (node[part] ??= {}) as Record<string, unknown>));
    node[path.at(-1) ?? ''] = text;
  }
  return trees;
}
