import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useAreaTree } from '../api/area-api';
import { areaCountry, areaOptions } from '../lib/area-options';

/**
 * Chooser of one area of the area tree (spec §3; issue 7 item 6): type to search by name, or open a
 * country to its regions. `value` and `onChange` carry the areaCode (null: none), so it also works as an
 * antd Form field.
 */
export function AreaSelect({
  value,
  onChange,
  placeholder,
  ariaLabel,
  className,
  onCountry,
}: {
  value?: string | null;
  onChange?: (code: string | null) => void;
  placeholder?: string;
  ariaLabel?: string;
  className?: string;
  /** Called with the chosen area's country (ISO 3166-1 alpha-2), e.g. to fill the site's country. */
  onCountry?: (country: string) => void;
}) {
  const tree = useAreaTree();
  const options = useMemo(() => areaOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect
      className={className}
      aria-label={ariaLabel}
      value={value ?? undefined}
      placeholder={placeholder}
      treeData={options}
      loading={tree.isPending}
      showSearch
      allowClear
      treeNodeFilterProp="title"
      popupMatchSelectWidth={false}
      onChange={(code: string | undefined) => {
        onChange?.(code ?? null);
        const country = code ? areaCountry(tree.data ?? [], code) : null;
        if (country && onCountry) onCountry(country);
      }}
    />
  );
}
