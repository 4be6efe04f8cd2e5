import { lazy, type ComponentType } from 'react';
import { loadTexts, type Area } from '@/i18n';

/**
 * React.lazy for a panel whose texts are in an area of their own: the panel's code and texts load
 * together when it first shows, so no first load carries either.
 */
export function lazyWithTexts<P extends object>(
  areas: readonly Area[],
  load: () => Promise<ComponentType<P>>,
) {
  return lazy(async () => {
    const [Component] = await Promise.all([load(), loadTexts(areas)]);
    return { default: Component };
  });
}
