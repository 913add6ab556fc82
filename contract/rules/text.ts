import { z } from 'zod';

/**
 * The text rule (issue 24), one for every store: no text the shop takes or keeps holds a control
 * character (C0, DEL, C1) or half of a surrogate pair. PostgreSQL cannot store NUL at all and turns a
 * lone surrogate into U+FFFD, while lowdb and the memory tables keep both, so without one rule the same
 * request stored differently per store, and one shopper's NUL rolled back everyone's group commit.
 * Fields a person writes across lines (descriptions, order notes, the shipping JSON text) may also hold
 * tab, line feed and carriage return. Regexes rather than refinements, so the rule shows in the row
 * rules' JSON Schema stamp (server/store/row-check-memo.ts) and every file is checked again under it.
 * With the `u` flag a character class matches a surrogate only when it is not part of a pair.
 */
export { LINE_TEXT_PATTERN, MULTILINE_TEXT_PATTERN } from './text-patterns';
import { LINE_TEXT_PATTERN, MULTILINE_TEXT_PATTERN } from './text-patterns';

export const TEXT_RULE_MESSAGE = 'Text may not hold control characters or broken Unicode';

/** `schema` with the text rule for one line (names, labels, e-mails, slugs…), after its trim and limits. */
export const line = (schema: z.ZodString): z.ZodString => schema.regex(LINE_TEXT_PATTERN, TEXT_RULE_MESSAGE);

/** `schema` with the text rule for text that may run across lines. */
export const multiline = (schema: z.ZodString): z.ZodString =>
  schema.regex(MULTILINE_TEXT_PATTERN, TEXT_RULE_MESSAGE);

/** A one-line text of at most `max` characters: the common case. */
export const lineText = (max: number): z.ZodString => line(z.string().max(max));

/** A text across lines of at most `max` characters. */
export const multilineText = (max: number): z.ZodString => multiline(z.string().max(max));
