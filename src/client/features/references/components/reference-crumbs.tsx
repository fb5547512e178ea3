import { Breadcrumb } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { Droplet, Flame, Zap, type LucideIcon } from 'lucide-react'
import { T } from '../../../../shared/texts'

/** Icons of the energy resources by id (metering.md: 1 bolt, 2 water drop, 3 flame). */
const RESOURCE_ICONS: Record<number, LucideIcon> = { 1: Zap, 2: Droplet, 3: Flame }
export const resourceIcon = (id: number): LucideIcon => RESOURCE_ICONS[id] ?? Zap

type Crumb = { label: string; to?: '/counters_resource' | '/counters_models_api' | '/counters_models'; search?: Record<string, number> }

/** The path through the reference books: resources, model group, model. */
export function ReferenceCrumbs({ items }: { items: Crumb[] }) {
  return (
    <Breadcrumb.Root mb="4" aria-label={T.breadcrumbs}>
      <Breadcrumb.List>
        {items.map((item, index) => (
          <Breadcrumb.Item key={`${index}-${item.label}`}>
            {item.to ? (
              <Breadcrumb.Link asChild minH="6">
                <Link to={item.to} search={item.search as never}>
                  {item.label}
                </Link>
              </Breadcrumb.Link>
            ) : (
              <Breadcrumb.CurrentLink>{item.label}</Breadcrumb.CurrentLink>
            )}
            {index < items.length - 1 && <Breadcrumb.Separator />}
          </Breadcrumb.Item>
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  )
}
