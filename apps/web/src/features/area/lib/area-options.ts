/**
 * The area tree (area/list, spec §3) as the area chooser's options, and look-ups on it. Pure functions.
 */
import type { AreaNode } from '@ems/contract/api/area';

/** One option of antd's TreeSelect: value is the areaCode, title the name in the viewer's language. */
export interface AreaOption {
  value: string;
  title: string;
  children?: AreaOption[];
}

/** The tree as TreeSelect options (leaves without a children list, so they show no expander). */
export function areaOptions(nodes: readonly AreaNode[]): AreaOption[] {
  return nodes.map((n) => ({
    value: n.info.areaCode,
    title: n.info.areaName,
    ...(n.subs.length ? { children: areaOptions(n.subs) } : {}),
  }));
}

/** The path of names from the country down to `code` (empty when the tree does not hold it). */
export function areaPath(nodes: readonly AreaNode[], code: string): string[] {
  for (const n of nodes) {
    if (n.info.areaCode === code) return [n.info.areaName];
    const below = areaPath(n.subs, code);
    if (below.length) return [n.info.areaName, ...below];
  }
  return [];
}

/** The country (ISO 3166-1 alpha-2, a root's code) holding `code`, or null when the tree does not hold it. */
export function areaCountry(nodes: readonly AreaNode[], code: string): string | null {
  const has = (n: AreaNode): boolean => n.info.areaCode === code || n.subs.some(has);
  return nodes.find(has)?.info.areaCode ?? null;
}
