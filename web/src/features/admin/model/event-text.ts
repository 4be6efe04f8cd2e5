import { renderEventText, type EventText } from '@machines/events/event-texts';
import { formatDateTime } from '@/lib/dates';
import { currentLanguage, formatMoney } from '@/i18n';

/** An event's text in the app's language: amounts as euros and instants as local date and time. */
export const eventText = (text: EventText): string =>
  renderEventText(text, currentLanguage(), {
    money: formatMoney,
    instant: formatDateTime,
  });
