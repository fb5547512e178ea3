/**
 * Permission codenames `<area>.<action>` with their Russian names: the one list the server seeds,
 * serves at GET /api/permissions/ and checks on every route, and the console uses to hide actions.
 */
export const PERMISSIONS = {
  'users.view': 'Просмотр пользователей',
  'users.manage': 'Управление пользователями',
  'groups.view': 'Просмотр групп прав',
  'groups.manage': 'Управление группами прав',
  'account.view': 'Просмотр настроек аккаунта',
  'account.change': 'Изменение настроек аккаунта',
  'account_emails.manage': 'Почтовые аккаунты',
  'references.view': 'Просмотр справочников',
  'references.change': 'Изменение справочников',
  'points.view': 'Просмотр точек учёта',
  'points.change': 'Изменение точек учёта',
  'points.delete': 'Удаление точек учёта',
  'counters.view': 'Просмотр счётчиков',
  'counters.change': 'Изменение счётчиков',
  'counters.install': 'Установка и снятие счётчиков',
  'counters.delete': 'Удаление счётчиков',
  'counters.control': 'Управление нагрузкой счётчиков',
  'counters.poll': 'Опрос счётчиков по запросу',
  'represents.view': 'Просмотр объектов',
  'represents.change': 'Изменение объектов',
  'tasks.view': 'Просмотр заданий опроса',
  'tasks.change': 'Управление заданиями опроса',
  'monitoring.view': 'Мониторинг опроса',
  'data.view': 'Просмотр показаний и профилей',
  'data.edit': 'Проверка и правка профилей',
  'reports.export': 'Формирование отчётов',
  'customers.view': 'Просмотр абонентов',
  'customers.change': 'Изменение абонентов',
  'requests.view': 'Просмотр заявок',
  'requests.change': 'Обработка заявок',
  'request_types.manage': 'Типы заявок и требуемые файлы',
  'audit.view': 'Журнал изменений',
} as const

export type Permission = keyof typeof PERMISSIONS
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as Permission[]
export const VIEW_PERMISSIONS = PERMISSION_CODES.filter((code) => code.endsWith('.view'))
