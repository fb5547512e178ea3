import { Box, Checkbox, Text } from '@chakra-ui/react'
import { T } from '../../../../shared/texts'

type PickedPoint = { point_id: number; name: string }
export type TreeSelection = { objects: number[]; points: PickedPoint[] }

export type PickerProps = {
  /** 'objects': objects and their points may be checked; 'points': only points. */
  mode: 'objects' | 'points'
  value: TreeSelection
  onChange: (value: TreeSelection) => void
  /** At most this many points; 1 makes a new choice replace the old one. */
  maxPoints?: number
}

type LeafPoint = PickedPoint & { point_number: string; object_name?: string }

/** A point to check, in the tree under its object (`treeitem`) or in the search's list of hits. */
export function PointLeaf(props: PickerProps & { point: LeafPoint; indent: string; inTree?: boolean }) {
  const { point, value, onChange, maxPoints } = props
  const checked = value.points.some((p) => p.point_id === point.point_id)
  const full = maxPoints !== undefined && maxPoints > 1 && value.points.length >= maxPoints
  const pick = (on: boolean) => {
    const others = value.points.filter((p) => p.point_id !== point.point_id)
    const picked = { point_id: point.point_id, name: point.name }
    onChange({ ...value, points: !on ? others : maxPoints === 1 ? [picked] : [...others, picked] })
  }
  return (
    <Box as="li" role={props.inTree === false ? undefined : 'treeitem'} pl={props.indent} minH="8" display="flex" alignItems="center">
      <Checkbox.Root checked={checked} disabled={!checked && full} onCheckedChange={(e) => pick(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>
          {point.name}{' '}
          <Text as="span" color="fg.muted" fontSize="xs">
            {point.point_number}
            {point.object_name !== undefined && ` · ${point.object_name || T.reportPointInNoObject}`}
          </Text>
        </Checkbox.Label>
      </Checkbox.Root>
    </Box>
  )
}
