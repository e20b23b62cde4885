/**
 * A pure function of a text with its answers kept, at most `limit` of them (all dropped when full):
 * for the price checks read per request and per tick, whose texts change only when the feed moves
 * (docs/performance.md "Marks parsed once").
 */
export function memoByText<T>(fn: (text: string) => T, limit = 1_000): (text: string) => T {
  const answers = new Map<string, T>();
  return (text) => {
    const known = answers.get(text);
    if (known !== undefined || answers.has(text)) return known as T;
    if (answers.size >= limit) answers.clear();
    const answer = fn(text);
    answers.set(text, answer);
    return answer;
  };
}
