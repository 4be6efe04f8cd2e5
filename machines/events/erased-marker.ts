/**
 * What a personal text reads as once its person's key is erased (`erasedValue` in
 * personal-fields.ts tries it first), and what a deal answer names an erased account by. A module
 * of its own, without zod, so the link page can tell an erased text from a written one.
 */
export const ERASED_TEXT = '[erased]';
