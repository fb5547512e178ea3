import type { LucideIcon } from 'lucide-react'
import {
  Activity,
  Building2,
  CalendarClock,
  CloudUpload,
  Cpu,
  Database,
  FileSpreadsheet,
  FileText,
  Files,
  Gauge,
  History,
  Inbox,
  Mail,
  MapPin,
  Settings,
  ShieldCheck,
  Users,
  Zap,
} from 'lucide-react'
import type { Permission } from '../../../shared/permissions'
import { useRequestBadges } from '../../features/requests/api/check'
import { useOutboxBadges } from '../../features/outbox/api/outbox'
import { REPORT_FORMS } from '../../features/reports/report-forms'

/** A count shown next to a menu entry; zero is not shown. */
export type MenuBadge = { value: number; label: string; colorPalette?: string }
type MenuItem = {
  to: string
  label: string
  icon: LucideIcon
  permission?: Permission
  search?: Record<string, unknown>
  /** A hook giving the entry's badges; it runs only while the entry is shown. */
  useBadges?: () => MenuBadge[]
}
export type MenuSection = { title: string; items: MenuItem[] }

/** The side menu of both specification documents; each entry is hidden from users without its permission. */
export const MENU: MenuSection[] = [
  {
    title: 'Учёт',
    items: [
      { to: '/points', label: 'Точки учёта', icon: MapPin, permission: 'points.view' },
      { to: '/counters', label: 'Счётчики', icon: Gauge, permission: 'counters.view' },
      { to: '/tasks', label: 'Задания опроса', icon: CalendarClock, permission: 'tasks.view' },
      { to: '/monitoring', label: 'Мониторинг', icon: Activity, permission: 'monitoring.view' },
      { to: '/outbox', label: 'Ожидают отправки', icon: CloudUpload, useBadges: useOutboxBadges },
    ],
  },
  {
    title: 'Отчёты',
    items: Object.entries(REPORT_FORMS).map(([to, spec]) => ({ to, label: spec.title, icon: FileSpreadsheet, permission: 'reports.export' as const })),
  },
  {
    title: 'Справочники',
    items: [
      { to: '/counters_resource', label: 'Модели счётчиков', icon: Zap, permission: 'references.view' },
      { to: '/data_params', label: 'Измеряемые параметры', icon: Cpu, permission: 'references.view' },
      { to: '/data_sources', label: 'Источники данных', icon: Database, permission: 'references.view' },
    ],
  },
  {
    title: 'Абоненты и заявки',
    items: [
      { to: '/customers', label: 'Абоненты', icon: Building2, permission: 'customers.view' },
      { to: '/documents-requests', label: 'Входящие заявки', icon: Inbox, permission: 'requests.view', useBadges: useRequestBadges },
      { to: '/documents-requests-types', label: 'Типы заявок', icon: FileText, permission: 'request_types.manage' },
      { to: '/documents-requests-required', label: 'Требуемые файлы', icon: Files, permission: 'request_types.manage' },
    ],
  },
  {
    title: 'Администрирование',
    items: [
      { to: '/users', label: 'Пользователи', icon: Users, permission: 'users.view' },
      { to: '/permissions-groups', label: 'Группы прав', icon: ShieldCheck, permission: 'groups.view' },
      { to: '/account-settings', label: 'Настройки аккаунта', icon: Settings, permission: 'account.view' },
      { to: '/account-emails', label: 'Почтовые аккаунты', icon: Mail, permission: 'account_emails.manage' },
      { to: '/audit', label: 'Журнал изменений', icon: History, permission: 'audit.view' },
    ],
  },
]
