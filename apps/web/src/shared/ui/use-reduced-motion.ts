import { useMediaQuery } from './use-media-query';

/**
 * True when the user's system asks for reduced motion (CSS Media Queries 5, `prefers-reduced-motion`;
 * WCAG 2.3.3). antd animates its dialogs, drawers and menus whatever the setting, so the app turns
 * antd's motion off with it, as its own CSS already stops the energy-flow and sign-in animations.
 */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
