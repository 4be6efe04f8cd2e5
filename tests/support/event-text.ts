import { renderEventText, type EventText } from '@machines/events/event-texts';
import { centsToDecimal } from '@machines/money';

/** An event text in English with plain figures (€250.00, ISO instants), for exact assertions. */
export const englishText = (text: EventText): string =>
  renderEventText(text, 'en', {
    money: (c) => `€${centsToDecimal(c)}`,
    instant: (iso) => iso,
  });
