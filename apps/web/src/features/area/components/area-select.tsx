import { TreeSelect, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useAreaTree } from '../api/area-api';
import { areaCountry, areaOptions, onlyMatch, searchAreas } from '../lib/area-options';

/**
 * Chooser of one area of the area tree (spec §3; issue 7 item 6): type to search by name, or open a
 * country to its regions. A search lists the matches flat, best first (searchAreas: the name itself,
 * then names starting with it, then words; the `country` chosen elsewhere in the form first at equal
 * rank), each with the areas above it, so "Lisboa" offers Portugal's Lisboa before Brazil's João Lisboa.
 * `value` and `onChange` carry the areaCode (null: none), so it also works as an antd Form field.
 */
export function AreaSelect({
  value,
  onChange,
  placeholder,
  ariaLabel,
  className,
  country,
  onCountry,
}: {
  value?: string | null;
  onChange?: (code: string | null) => void;
  placeholder?: string;
  ariaLabel?: string;
  className?: string;
  /** The country already chosen (ISO 3166-1 alpha-2): its areas come first among equal matches. */
  country?: string | null;
  /** Called with the chosen area's country (ISO 3166-1 alpha-2), e.g. to fill the site's country. */
  onCountry?: (country: string) => void;
}) {
  const tree = useAreaTree();
  const [search, setSearch] = useState('');
  const options = useMemo(() => areaOptions(tree.data ?? []), [tree.data]);
  const hits = useMemo<{ value: string; title: ReactNode }[]>(
    () =>
      searchAreas(tree.data ?? [], search, country ?? null).map((h) => ({
        value: h.value,
        title: (
          <span className="area-hit">
            {h.name}
            {h.above.length > 0 && (
              <Typography.Text type="secondary" className="area-hit-above">
                {` · ${h.above.join(' › ')}`}
              </Typography.Text>
            )}
          </span>
        ),
      })),
    [tree.data, search, country],
  );
  const choose = (code: string | undefined) => {
    setSearch('');
    onChange?.(code ?? null);
    const chosen = code ? areaCountry(tree.data ?? [], code) : null;
    if (chosen && onCountry) onCountry(chosen);
  };
  return (
    <TreeSelect
      className={className}
      aria-label={ariaLabel}
      value={value ?? undefined}
      placeholder={placeholder}
      treeData={search.trim() ? hits : (options as { value: string; title: ReactNode }[])}
      loading={tree.isPending}
      showSearch={{ searchValue: search, onSearch: setSearch, filterTreeNode: false }}
      allowClear
      popupMatchSelectWidth={false}
      onChange={choose}
      onKeyDown={(e) => {
        const only = e.key === 'Enter' ? onlyMatch(search, hits) : null;
        if (only) {
          e.preventDefault();
          choose(only);
        }
      }}
    />
  );
}
