import { z } from 'zod';

/**
 * What a name, a title or an address line never holds: control characters (C0 with tab, CR and LF; DEL; C1
 * with NEL), the line and paragraph separators, and the bidirectional embeddings, overrides and isolates,
 * which make a name read as something it is not. Such values travel into calendar feeds, email subjects,
 * CSV exports and other people's screens, each with its own idea of a line. Multi-line fields (notes,
 * messages, descriptions) are not one-line and keep their line breaks.
 */
const NOT_IN_ONE_LINE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

export const isOneLine = (text: string) => !NOT_IN_ONE_LINE.test(text);

export const notOneLine = (label: string) => `${label} must be one line, without control characters`;

/** The check a one-line field's schema adds: `z.string().trim().check(oneLine('First name'))`. */
export const oneLine = (label: string) => z.refine<string>(isOneLine, notOneLine(label));
