import { useMemo, useState } from 'react'
import { Box, HStack, IconButton, Input, Spinner, Stack, Text } from '@chakra-ui/react'
import { Link, useRouterState } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ChevronDown, ChevronRight, Dot, Plus } from 'lucide-react'
import type { RepresentTreeRow } from '../../../../shared/schemas/represents'
import { T } from '../../../../shared/texts'
import { representHealthQueryOptions, representPointsQueryOptions, representTreeQueryOptions } from '../api/represents'

/** Node states of the spec: expanding an initial node loads its points; with no children and no points it becomes empty. */
type NodeStatus = 'initial' | 'loading' | 'expanded' | 'minimized' | 'empty'
type Point = { point_id: number; name: string }

function childrenByParent(rows: RepresentTreeRow[]) {
  const map = new Map<number | null, RepresentTreeRow[]>()
  for (const row of rows) map.set(row.parent_id, [...(map.get(row.parent_id) ?? []), row])
  return map
}

/** Ids of nodes whose name matches, with all their ancestors (so the matches can be shown in place). */
function visibleForFilter(rows: RepresentTreeRow[], filter: string): Set<number> | null {
  const needle = filter.trim().toLocaleLowerCase('ru')
  if (!needle) return null
  const byId = new Map(rows.map((r) => [r.represent_id, r]))
  const visible = new Set<number>()
  for (const row of rows) {
    if (!row.name.toLocaleLowerCase('ru').includes(needle)) continue
    for (
      let node: RepresentTreeRow | undefined = row;
      node && !visible.has(node.represent_id);
      node = node.parent_id === null ? undefined : byId.get(node.parent_id)
    ) {
      visible.add(node.represent_id)
    }
  }
  return visible
}

type TreeProps = {
  nodes: RepresentTreeRow[]
  childMap: Map<number | null, RepresentTreeRow[]>
  status: Record<number, NodeStatus>
  points: Record<number, Point[]>
  toggle: (node: RepresentTreeRow) => void
  visible: Set<number> | null
  health: Record<string, boolean> | undefined
  activeId: number | null
  canChange: boolean
  depth: number
}

function TreeLevel(props: TreeProps) {
  const shown = props.visible ? props.nodes.filter((n) => props.visible!.has(n.represent_id)) : props.nodes
  return (
    <Box as="ul" role={props.depth === 0 ? 'tree' : 'group'} aria-label={props.depth === 0 ? 'Дерево объектов' : undefined} listStyleType="none">
      {shown.map((node) => {
        const kids = props.childMap.get(node.represent_id) ?? []
        const status = props.visible && kids.some((k) => props.visible!.has(k.represent_id)) ? 'expanded' : (props.status[node.represent_id] ?? 'initial')
        const open = status === 'expanded'
        const healthy = props.health?.[String(node.represent_id)]
        return (
          <Box
            as="li"
            key={node.represent_id}
            role="treeitem"
            aria-expanded={status === 'empty' ? undefined : open}
            aria-selected={props.activeId === node.represent_id}
            data-status={status}
          >
            <HStack
              gap="0"
              pl={`${props.depth * 14 + 4}px`}
              pr="2"
              minH="9"
              bg={props.activeId === node.represent_id ? 'blue.subtle' : undefined}
              _hover={{ bg: 'bg.muted' }}
            >
              {status === 'loading' ? (
                <Box w="7" display="flex" justifyContent="center">
                  <Spinner size="xs" />
                </Box>
              ) : (
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={`${open ? 'Свернуть' : 'Развернуть'} ${node.name}`}
                  disabled={status === 'empty'}
                  onClick={() => props.toggle(node)}
                  visibility={status === 'empty' ? 'hidden' : undefined}
                >
                  {open ? <ChevronDown /> : <ChevronRight />}
                </IconButton>
              )}
              {/* The row's height, not the text's, is the touch target (24 px at least, WCAG 2.5.8). */}
              <Box asChild flex="1" minW="0" minH="7" display="flex" alignItems="center">
                <Link to="/represents/$representId" params={{ representId: node.represent_id }}>
                  <Text truncate fontSize="sm" color={status === 'empty' ? 'fg.muted' : undefined}>
                    {node.name}
                  </Text>
                </Link>
              </Box>
              {healthy !== undefined && (
                <Box color={healthy ? 'green.solid' : 'red.solid'} aria-label={healthy ? T.healthOk : T.healthLost} role="img">
                  <Dot size={22} strokeWidth={6} />
                </Box>
              )}
              {props.canChange && (
                <Box
                  asChild
                  boxSize="7"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  flexShrink={0}
                  borderRadius="sm"
                  _hover={{ bg: 'bg.emphasized' }}
                >
                  <Link to="/represent/$parentId/new" params={{ parentId: node.represent_id }} aria-label={`Добавить объект в ${node.name}`}>
                    <Plus size={14} aria-hidden />
                  </Link>
                </Box>
              )}
            </HStack>
            {open && (
              <>
                {kids.length > 0 && <TreeLevel {...props} nodes={kids} depth={props.depth + 1} />}
                {(props.points[node.represent_id] ?? []).map((p) => (
                  <Text key={p.point_id} pl={`${(props.depth + 1) * 14 + 34}px`} py="1" fontSize="xs" color="fg.muted" truncate>
                    {p.name}
                  </Text>
                ))}
              </>
            )}
          </Box>
        )
      })}
    </Box>
  )
}

/** The side menu's tree of objects: a filter, lazily expanded nodes, health markers, and "add an object". */
export function RepresentTree({ canChange }: { canChange: boolean }) {
  const queryClient = useQueryClient()
  const tree = useQuery(representTreeQueryOptions())
  const health = useQuery(representHealthQueryOptions())
  const [filter, setFilter] = useState('')
  const [status, setStatus] = useState<Record<number, NodeStatus>>({})
  const [points, setPoints] = useState<Record<number, Point[]>>({})
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const activeId = /^\/represents\/(\d+)/.exec(pathname)?.[1]
  const rows = tree.data?.rows
  const children = useMemo(() => childrenByParent(rows ?? []), [rows])
  const visible = useMemo(() => visibleForFilter(rows ?? [], filter), [rows, filter])

  const toggle = async (node: RepresentTreeRow) => {
    const id = node.represent_id
    const current = status[id] ?? 'initial'
    if (current === 'expanded') return setStatus((s) => ({ ...s, [id]: 'minimized' }))
    if (current === 'minimized') return setStatus((s) => ({ ...s, [id]: 'expanded' }))
    setStatus((s) => ({ ...s, [id]: 'loading' }))
    let loaded: Point[] = []
    try {
      loaded = await queryClient.fetchQuery(representPointsQueryOptions(id, 1))
    } catch {
      // Offline the points cannot be read; the node still opens onto its cached children.
    }
    setPoints((p) => ({ ...p, [id]: loaded }))
    const hasChildren = (children.get(id) ?? []).length > 0
    setStatus((s) => ({ ...s, [id]: hasChildren || loaded.length > 0 ? 'expanded' : 'empty' }))
  }

  return (
    <Stack gap="2" px="2">
      <HStack justify="space-between" px="2">
        <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
          Объекты
        </Text>
        {canChange && (
          <HStack asChild gap="1" minH="7" fontSize="sm" color="blue.fg">
            <Link to="/represents/new">
              <Plus size={14} aria-hidden /> Добавить объект
            </Link>
          </HStack>
        )}
      </HStack>
      <Input size="sm" placeholder="Фильтр объектов" aria-label="Фильтр объектов" value={filter} onChange={(e) => setFilter(e.target.value)} />
      {tree.isPending && <Spinner size="sm" m="2" />}
      {tree.error && (
        <Text fontSize="sm" color="fg.error" px="2">
          {T.loadFailed}
        </Text>
      )}
      {tree.data?.offline && (
        <Text fontSize="xs" color="fg.muted" px="2">
          {T.offlineTreeCopy}
        </Text>
      )}
      {rows && rows.length === 0 && (
        <Text fontSize="sm" color="fg.muted" px="2">
          {T.empty}
        </Text>
      )}
      {visible?.size === 0 && (
        <Text fontSize="sm" color="fg.muted" px="2">
          {T.objectsNotFound}
        </Text>
      )}
      {rows && rows.length > 0 && (
        <TreeLevel
          nodes={children.get(null) ?? []}
          childMap={children}
          status={status}
          points={points}
          toggle={(node) => void toggle(node)}
          visible={visible}
          health={health.data}
          activeId={activeId ? Number(activeId) : null}
          canChange={canChange}
          depth={0}
        />
      )}
    </Stack>
  )
}
