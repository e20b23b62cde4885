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

/** The other way round: each text of the catalogs (`{ table: tree }`) by its code `<table>.<key>...`. */
export function catalogsMessages(catalogs: Readonly<Record<string, unknown>>): Map<string, string> {
  const english = new Map<string, string>();
  const add = (code: string, node: unknown): void => {
    if (typeof node === 'string') english.set(code, node);
    else if (node !== null && typeof node === 'object')
      for (const [key, inner] of Object.entries(node)) add(`${code}.${key}`, inner);
  };
  for (const [table, tree] of Object.entries(catalogs)) add(table, tree);
  return english;
}
