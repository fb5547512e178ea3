import { Popover, Portal } from '@chakra-ui/react'

/** A popover's floating panel, drawn above the page beside its trigger with an arrow: put a `Popover.Body` inside. */
export function PopoverPanel(props: Popover.ContentProps) {
  const { children, ...content } = props
  return (
    <Portal>
      <Popover.Positioner>
        <Popover.Content {...content}>
          <Popover.Arrow />
          {children}
        </Popover.Content>
      </Popover.Positioner>
    </Portal>
  )
}
