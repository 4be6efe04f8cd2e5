import unhomoglyph from 'unhomoglyph';

/**
 * Look-alike keys for names and e-mail addresses, so that `vіc0ba2e` (Cyrillic і), `ｖｉｃ０ｂａ２ｅ`
 * (full width), `víc0ba2e` and `vic0ba2e.` cannot sit next to `vic0ba2e`. Two values with the same
 * key are the same value for uniqueness; the stored value keeps its own spelling.
 *
 * The key is the Unicode TR 39 confusable skeleton (unhomoglyph carries Unicode's confusables
 * table) of the NFKC, lower-cased value with its accents removed, and for names without
 * punctuation or spaces:
 * - NFKC folds compatibility forms (full width, ligatures, Roman numerals) into plain letters;
 * - lower case, because names are already unique regardless of case;
 * - accents and other combining marks are dropped (`é` is `e`): a reader cannot be expected to
 *   tell `víc` from `vic` in a list;
 * - the confusables table maps every letter to its prototype (`і` → `i`, `0` → `o`, `m` → `rn`);
 * - names: punctuation and spaces are dropped (`admin.`, `ad_min`, `ad min` are `admin`); a name of
 *   punctuation only keeps it. E-mail local parts keep theirs, because `j.doe` and `jdoe` are
 *   different mailboxes at most providers; the domain is compared in lower case.
 * Known limit: lower-casing first means a capital `I` is compared as `i`, not as `l`.
 */
const fold = (value: string): string =>
  value
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '');

const skeleton = (value: string): string =>
  fold(unhomoglyph(fold(value.trim())));

/** The key a username or admin name is unique by. */
export function nameKey(name: string): string {
  const letters = skeleton(name);
  const bare = letters.replace(/[\p{P}\p{Z}]/gu, '');
  return bare === '' ? letters : bare;
}

/** The key an e-mail address is unique by: the skeleton of its local part, the domain in lower case. */
export function emailKey(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return skeleton(trimmed);
  return `${skeleton(trimmed.slice(0, at))}@${trimmed
    .slice(at + 1)
    .normalize('NFKC')
    .toLowerCase()}`;
}

/**
 * Characters nobody sees: zero-width spaces and joiners, bidi controls, soft hyphens, variation
 * selectors, Hangul fillers, tags (Unicode's Default_Ignorable_Code_Point), other format and control
 * characters, line and paragraph separators, private-use characters and the blank braille pattern.
 */
const INVISIBLE =
  /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\u2800]/u;
export const hasInvisibleCharacters = (value: string): boolean =>
  INVISIBLE.test(value);
