import type { ComponentType } from 'react';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import BarChartOutlined from '@ant-design/icons/es/icons/BarChartOutlined';
import CalculatorOutlined from '@ant-design/icons/es/icons/CalculatorOutlined';
import CalendarOutlined from '@ant-design/icons/es/icons/CalendarOutlined';
import DashboardOutlined from '@ant-design/icons/es/icons/DashboardOutlined';
import DesktopOutlined from '@ant-design/icons/es/icons/DesktopOutlined';
import MessageOutlined from '@ant-design/icons/es/icons/MessageOutlined';
import NotificationOutlined from '@ant-design/icons/es/icons/NotificationOutlined';
import QuestionCircleOutlined from '@ant-design/icons/es/icons/QuestionCircleOutlined';
import SafetyOutlined from '@ant-design/icons/es/icons/SafetyOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import ShopOutlined from '@ant-design/icons/es/icons/ShopOutlined';
import ShoppingCartOutlined from '@ant-design/icons/es/icons/ShoppingCartOutlined';
import ShoppingOutlined from '@ant-design/icons/es/icons/ShoppingOutlined';
import SolutionOutlined from '@ant-design/icons/es/icons/SolutionOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import FileTextOutlined from '@ant-design/icons/es/icons/FileTextOutlined';
import GiftOutlined from '@ant-design/icons/es/icons/GiftOutlined';
import InboxOutlined from '@ant-design/icons/es/icons/InboxOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import ExperimentOutlined from '@ant-design/icons/es/icons/ExperimentOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import type { MenuGroup } from 'shared-kernel/contracts';

/** Group titles in French (the dashboard is always French). */
export const GROUP_TITLES: Record<MenuGroup, string> = {
  dashboard: 'Dashboard',
  ventes: 'Ventes',
  oenotourisme: 'Oenotourisme',
  crm: 'CRM',
  articles: 'Articles',
  marketing: 'Marketing',
  commercial: 'Commercial',
  achats: 'Achats',
  rapports: 'Rapports',
  precompta: 'Pré-comptabilité',
  caisse: 'Caisse',
  messagerie: 'Messagerie',
  boutique: 'Boutique en ligne',
  aide: 'Aide',
  parametres: 'Paramètres',
  admin: 'Admin',
  buyer: 'Menu',
  agent: 'Menu',
};

type Icon = ComponentType<{ 'aria-hidden'?: boolean }>;

export const GROUP_ICONS: Record<MenuGroup, Icon> = {
  dashboard: DashboardOutlined,
  ventes: ShoppingCartOutlined,
  oenotourisme: CalendarOutlined,
  crm: TeamOutlined,
  articles: AppstoreOutlined,
  marketing: NotificationOutlined,
  commercial: SolutionOutlined,
  achats: ShoppingOutlined,
  rapports: BarChartOutlined,
  precompta: CalculatorOutlined,
  caisse: DesktopOutlined,
  messagerie: MessageOutlined,
  boutique: ShopOutlined,
  aide: QuestionCircleOutlined,
  parametres: SettingOutlined,
  admin: SafetyOutlined,
  buyer: UserOutlined,
  agent: UserOutlined,
};

/** Icons a remote may name in `menu.icon` (a small fixed set keeps the chunk small). */
const NAMED_ICONS: Record<string, Icon> = {
  dashboard: DashboardOutlined,
  orders: ShoppingCartOutlined,
  cart: ShoppingCartOutlined,
  calendar: CalendarOutlined,
  clients: TeamOutlined,
  team: TeamOutlined,
  products: AppstoreOutlined,
  catalogue: AppstoreOutlined,
  stock: InboxOutlined,
  marketing: NotificationOutlined,
  reports: BarChartOutlined,
  accounting: CalculatorOutlined,
  pos: DesktopOutlined,
  messages: MessageOutlined,
  shop: ShopOutlined,
  shops: ShopOutlined,
  help: QuestionCircleOutlined,
  settings: SettingOutlined,
  admin: SafetyOutlined,
  documents: FileTextOutlined,
  loyalty: GiftOutlined,
  samples: ExperimentOutlined,
  user: UserOutlined,
};

/** The same icons under their antd names, as the remotes' route metadata names them ('ShopOutlined'). */
const BY_ANTD_NAME: Record<string, Icon> = {
  AppstoreOutlined,
  BarChartOutlined,
  CalculatorOutlined,
  CalendarOutlined,
  DashboardOutlined,
  DesktopOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  GiftOutlined,
  InboxOutlined,
  MessageOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TeamOutlined,
  UserOutlined,
};

export function iconFor(name: string | undefined, group: MenuGroup): Icon {
  const key = name?.replace(/Outlined$/, '').toLowerCase();
  return (
    (name && BY_ANTD_NAME[name]) ||
    (key && NAMED_ICONS[key]) ||
    (group === 'buyer' || group === 'agent' ? RightOutlined : GROUP_ICONS[group])
  );
}
