import { useMemo, useState } from 'react'
import { Box, Button, Checkbox, HStack, IconButton, Stack, Text } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ChevronDown, ChevronRight } from 'lucide-react'
import type { RepresentTreeRow } from '../../../../shared/schemas/represents'
import { T } from '../../../../shared/texts'
import { errorMessage } from '../../../lib/api-client'
import { objectPointsQueryOptions, reportTreeQueryOptions } from '../api/reports'
import { PointLeaf, type PickerProps } from './report-point-leaf'
import { ReportPointSearch } from './report-point-search'
import { LoadingSpinner } from '../../../components/ui/loading-spinner'
import { QueryState } from '../../../components/ui/query-state'

export type { TreeSelection } from './report-point-leaf'

/** Node states of the report picker (metering.md section 4): empty nodes cannot be checked or expanded. */
type NodeState = 'initial' | 'loading' | 'expanded' | 'empty'

export function ReportTreePicker(props: PickerProps) {
  const tree = useQuery(reportTreeQueryOptions())
  const queryClient = useQueryClient()
  const [states, setStates] = useState<Record<number, NodeState>>({})
  const childMap = useMemo(() => {
    const map = new Map<number | null, RepresentTreeRow[]>()
    for (const row of tree.data ?? []) map.set(row.parent_id, [...(map.get(row.parent_id) ?? []), row])
    return map
  }, [tree.data])

  const toggle = async (node: RepresentTreeRow) => {
    const id = node.represent_id
    if (states[id] === 'expanded') return setStates((s) => ({ ...s, [id]: 'initial' }))
    setStates((s) => ({ ...s, [id]: 'loading' }))
    try {
      const points = await queryClient.fetchQuery(objectPointsQueryOptions(id))
      const empty = points.length === 0 && !childMap.get(id)?.length
      setStates((s) => ({ ...s, [id]: empty ? 'empty' : 'expanded' }))
      // An empty object is unselected: it holds nothing to report on.
      if (empty && props.value.objects.includes(id)) props.onChange({ ...props.value, objects: props.value.objects.filter((o) => o !== id) })
    } catch (error) {
      setStates((s) => ({ ...s, [id]: 'initial' }))
      throw error
    }
  }

  const legend = props.mode === 'objects' ? T.reportPickObjects : T.reportPickPoints
  // At the limit the other points grey out: this says why (form 001.02 takes 3).
  const { maxPoints } = props
  const full = maxPoints !== undefined && maxPoints > 1 && props.value.points.length >= maxPoints
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="3" minW="0">
      <Text as="legend" fontWeight="semibold" px="1">
        {legend}
      </Text>
      <Stack gap="3">
        <ReportPointSearch {...props} />
        <Text fontSize="sm" color="fg.muted" aria-live="polite" display={full ? undefined : 'none'}>
          {full && T.reportPointsLimitReached(maxPoints, props.value.points.length)}
        </Text>
        <QueryState query={tree} pendingText={T.loadingObjects}>
          {() =>
            (childMap.get(null) ?? []).length === 0 ? (
              <Text color="fg.muted">{T.reportTreeEmpty}</Text>
            ) : (
              <Box maxH={{ base: '50vh', md: '420px' }} overflowY="auto">
                <Level {...props} nodes={childMap.get(null)!} childMap={childMap} states={states} toggle={toggle} depth={0} />
              </Box>
            )
          }
        </QueryState>
      </Stack>
    </Box>
  )
}

type LevelProps = PickerProps & {
  nodes: RepresentTreeRow[]
  childMap: Map<number | null, RepresentTreeRow[]>
  states: Record<number, NodeState>
  toggle: (node: RepresentTreeRow) => Promise<void>
  depth: number
}

function Level(props: LevelProps) {
  return (
    <Box
      as="ul"
      role={props.depth === 0 ? 'tree' : 'group'}
      aria-label={props.depth === 0 ? (props.mode === 'objects' ? T.reportPickObjects : T.reportPickPoints) : undefined}
      listStyleType="none"
    >
      {props.nodes.map((node) => (
        <ObjectNode key={node.represent_id} {...props} node={node} />
      ))}
    </Box>
  )
}

function ObjectNode(props: LevelProps & { node: RepresentTreeRow }) {
  const { node, value, onChange } = props
  const id = node.represent_id
  const state = props.states[id] ?? 'initial'
  const [failure, setFailure] = useState<string | null>(null)
  const points = useQuery({ ...objectPointsQueryOptions(id), enabled: state === 'expanded' })
  const kids = props.childMap.get(id) ?? []
  const indent = `${props.depth * 16}px`
  const checked = value.objects.includes(id)
  const toggleLabel = `${state === 'expanded' ? 'Свернуть' : 'Развернуть'} ${node.name}`
  const expand = () => {
    setFailure(null)
    props.toggle(node).catch((error: unknown) => setFailure(errorMessage(error)))
  }

  return (
    <Box as="li" role="treeitem" aria-expanded={state === 'empty' ? undefined : state === 'expanded'} data-state={state}>
      <HStack gap="1" pl={indent} minH="9">
        {state === 'loading' ? (
          <Box w="7" display="flex" justifyContent="center">
            <LoadingSpinner size="xs" label={T.loadingOf(node.name)} />
          </Box>
        ) : props.mode === 'points' ? (
          // Only points are ticked here: the object's name and its chevron are one button that opens and closes it.
          <Button size="xs" variant="ghost" fontWeight="normal" fontSize="sm" px="1" aria-label={toggleLabel} disabled={state === 'empty'} onClick={expand}>
            {state === 'expanded' ? <ChevronDown /> : <ChevronRight />}
            {node.name}
          </Button>
        ) : (
          <IconButton size="xs" variant="ghost" aria-label={toggleLabel} disabled={state === 'empty'} onClick={expand}>
            {state === 'expanded' ? <ChevronDown /> : <ChevronRight />}
          </IconButton>
        )}
        {props.mode === 'objects' ? (
          <Checkbox.Root
            checked={checked}
            disabled={state === 'empty'}
            onCheckedChange={(e) => onChange({ ...value, objects: e.checked === true ? [...value.objects, id] : value.objects.filter((o) => o !== id) })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{node.name}</Checkbox.Label>
          </Checkbox.Root>
        ) : (
          state === 'loading' && <Text fontSize="sm">{node.name}</Text>
        )}
        {state === 'empty' && (
          <Text fontSize="xs" color="fg.muted">
            ({T.reportNodeEmpty})
          </Text>
        )}
      </HStack>
      {failure && (
        <Text pl={indent} fontSize="sm" color="fg.error" role="alert">
          {failure}
        </Text>
      )}
      {state === 'expanded' && (
        <>
          {/* The object's own points first: after its sub-objects they stood at a collapsed sub-object's indent, as if its. */}
          <Box as="ul" role="group" listStyleType="none">
            {(points.data ?? []).map((point) => (
              <PointLeaf key={point.point_id} {...props} point={point} indent={`${(props.depth + 1) * 16 + 32}px`} />
            ))}
          </Box>
          {kids.length > 0 && <Level {...props} nodes={kids} depth={props.depth + 1} />}
        </>
      )}
    </Box>
  )
}
