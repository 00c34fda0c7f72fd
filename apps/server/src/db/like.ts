/** Patterns for LIKE / ILIKE from what a user typed: `%`, `_` and `\` match themselves, not any text. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Matches a text that contains the typed one anywhere. */
export const containing = (text: string) => `%${escapeLike(text)}%`;
