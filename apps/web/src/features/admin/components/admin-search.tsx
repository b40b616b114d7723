import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';

/** The search box of a console table: `label` is its placeholder and accessible name. */
export function AdminSearch({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  return (
    <Input
      prefix={<SearchOutlined />}
      allowClear
      placeholder={label}
      aria-label={label}
      value={value}
      onChange={(e) => onSearch(e.target.value)}
      className="admin-search"
    />
  );
}
