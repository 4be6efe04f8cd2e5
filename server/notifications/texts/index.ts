import type { Language } from '@machines/account/account.events';
import {
  formatterFor,
  type NotificationKind,
  type TextCatalog,
  type TextParams,
} from './catalog';
import { en } from './en';
import { nl } from './nl';

export const catalogs: Record<Language, TextCatalog> = { en, nl };

/** The title and body of one notification in one language, amounts and instants formatted for it. */
export function renderText(
  language: Language,
  kind: NotificationKind,
  params: TextParams,
): { title: string; body: string } {
  const catalog = catalogs[language];
  return catalog.messages[kind](params, formatterFor(catalog.locale));
}

export * from './catalog';
