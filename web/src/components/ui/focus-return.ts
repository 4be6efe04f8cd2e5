/**
 * Keeping focus where the person was when a control's action changes the page under it (a dialog
 * closing, a button disabled or removed once the server answers), instead of letting it fall to
 * the page, where a keyboard or screen reader user would have to start over.
 */

const HOLDERS = 'li, article, section, form, [role="region"], main';

/** Where focus may go back to: the control, then each item or section around it out to the page's main. */
export function focusPlaces(control: HTMLElement): HTMLElement[] {
  const places = [control];
  for (
    let p = control.parentElement?.closest<HTMLElement>(HOLDERS);
    p;
    p = p.parentElement?.closest<HTMLElement>(HOLDERS)
  )
    places.push(p);
  return places;
}

/** Focuses the first of `places` still on the page (an item or section made focusable by script only). */
function focusFirstConnected(places: HTMLElement[]): HTMLElement | null {
  const place = places.find((p) => p.isConnected) ?? null;
  if (!place) return null;
  if (place !== places[0] && !place.hasAttribute('tabindex'))
    place.setAttribute('tabindex', '-1');
  place.focus({ preventScroll: true });
  return place;
}

/**
 * Puts focus back on the first of `places` (focusPlaces) whenever it falls to the page, for a while;
 * stops when something else took it. Focus falls when a dialog closes (its panel may leave in a
 * later render than the one that closed it), when a button is disabled while its action runs (it
 * gets focus back when enabled again: the server refused), and when the control goes (its action
 * is no longer offered once the server has answered): then the item or section that held it gets it.
 */
export function returnFocus(places: HTMLElement[]): void {
  let focused: HTMLElement | null = null;
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  const settle = () => {
    const active = document.activeElement;
    if (active?.closest('[role="dialog"]')) return;
    if (places.includes(active as HTMLElement)) focused = active as HTMLElement;
    else if (active && active !== document.body) stop();
    else if (focused === null || !focused.isConnected)
      focused = focusFirstConnected(places);
    else if (!focused.matches(':disabled')) focused.focus();
  };
  const observer = new MutationObserver(settle);
  const timer = window.setTimeout(stop, 10_000);
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributeFilter: ['disabled'],
  });
  settle();
}
