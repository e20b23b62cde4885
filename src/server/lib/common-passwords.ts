/**
 * The common-password rule (docs/decisions/0063-demo-accounts.md): a login password that is, as a whole, one
 * entry of zxcvbn-ts's maintained common-password list ("password", "12345678", "P@ssw0rd": zxcvbn also reads
 * l33t, reversed and capitalised spellings of an entry) is refused. A password that only contains such an
 * entry ("iloveyou123", "correct horse 1") passes: the rule is the list, not a strength score. The
 * dictionary (about 1 MB) is loaded on the first check, not when the server starts.
 */
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

let checker: Promise<ZxcvbnFactory> | null = null;

function load(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({
        dictionary: { 'passwords-common': common.dictionary['passwords-common'] },
        graphs: common.adjacencyGraphs,
      }),
  );
  return checker;
}

/** The name of zxcvbn-ts's common-password list, as its matches name it. */
const COMMON = 'passwords-common';

export async function isCommonPassword(password: string): Promise<boolean> {
  const zxcvbn = await load();
  const { sequence } = zxcvbn.check(password);
  return sequence.length === 1 && sequence[0]!.pattern === 'dictionary' && sequence[0]!.dictionaryName === COMMON;
}
