/**
 * Every icon of @ant-design/icons the app uses, by name, for the /svgs page. A unit test keeps this
 * list equal to the icons the source imports, so a new icon cannot be forgotten here.
 */
import {
  AlertOutlined,
  AndroidOutlined,
  ApiOutlined,
  AppleOutlined,
  BarChartOutlined,
  BellOutlined,
  CameraOutlined,
  CheckCircleFilled,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloudServerOutlined,
  ColumnHeightOutlined,
  CopyOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DeleteOutlined,
  DesktopOutlined,
  DiffOutlined,
  DisconnectOutlined,
  DownloadOutlined,
  DownOutlined,
  EditOutlined,
  EnvironmentOutlined,
  ExclamationCircleFilled,
  ExperimentOutlined,
  FolderAddOutlined,
  GlobalOutlined,
  LeftOutlined,
  LoadingOutlined,
  LockOutlined,
  LogoutOutlined,
  MailOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MinusCircleOutlined,
  MobileOutlined,
  PhoneOutlined,
  PlusOutlined,
  QrcodeOutlined,
  ReloadOutlined,
  RightOutlined,
  SearchOutlined,
  SendOutlined,
  SettingOutlined,
  ShareAltOutlined,
  SwapOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  UploadOutlined,
  UserAddOutlined,
  UserOutlined,
  WarningOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** One interface icon: its export name (what a developer imports) and the component. */
export interface IconEntry {
  name: string;
  Icon: ComponentType;
}

/** The interface icons, sorted by name. */
export const ANT_ICONS: readonly IconEntry[] = Object.entries({
  AlertOutlined,
  AndroidOutlined,
  ApiOutlined,
  AppleOutlined,
  BellOutlined,
  CameraOutlined,
  CheckCircleFilled,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloudServerOutlined,
  ColumnHeightOutlined,
  CopyOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DiffOutlined,
  DeleteOutlined,
  DesktopOutlined,
  DisconnectOutlined,
  DownloadOutlined,
  MinusCircleOutlined,
  BarChartOutlined,
  LeftOutlined,
  RightOutlined,
  DownOutlined,
  EditOutlined,
  FolderAddOutlined,
  SwapOutlined,
  EnvironmentOutlined,
  ExclamationCircleFilled,
  GlobalOutlined,
  LockOutlined,
  LoadingOutlined,
  LogoutOutlined,
  MailOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  MobileOutlined,
  PhoneOutlined,
  PlusOutlined,
  QrcodeOutlined,
  ReloadOutlined,
  SearchOutlined,
  SendOutlined,
  SettingOutlined,
  ShareAltOutlined,
  TeamOutlined,
  ExperimentOutlined,
  WechatOutlined,
  UploadOutlined,
  ThunderboltOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  UserAddOutlined,
  UserOutlined,
  WarningOutlined,
})
  .map(([name, Icon]) => ({ name, Icon: Icon as ComponentType }))
  .sort((a, b) => a.name.localeCompare(b.name));

/** Names of the energy-flow glyphs drawn by the station page (features/station flow-glyphs). */
export const FLOW_GLYPHS = ['pv', 'grid', 'battery', 'load', 'charger'] as const;

/** True when `name` contains `query`, case-insensitive; an empty query matches all. */
export function matchesIcon(name: string, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || name.toLowerCase().includes(q);
}
