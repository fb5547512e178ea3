import { Box, Button, Text } from '@chakra-ui/react'

/**
 * A wizard's numbered step header: an ordered list labelled for screen readers, one column per step (a numbered
 * circle over the title), the current step marked with `aria-current="step"`. Steps up to `reached` are buttons
 * (passed steps stay editable; Tab and Enter reach them); later steps, and every other step while `locked`, are
 * disabled. Below the `md` breakpoint the titles leave the screen (they stay in the buttons' names) and one line
 * under the numbers says which step this is, so the header never needs a sideways scroll.
 */
export function WizardSteps(props: {
  label: string
  steps: readonly string[]
  current: number
  reached: number
  locked?: boolean
  onSelect: (index: number) => void
}) {
  return (
    <Box mb="5">
      <Box
        as="ol"
        aria-label={props.label}
        display="grid"
        gridTemplateColumns={`repeat(${props.steps.length}, minmax(0, 1fr))`}
        gap="1"
        p="0"
        mx="0"
        my="0"
        listStyleType="none"
      >
        {props.steps.map((title, index) => {
          const current = index === props.current
          const passed = !current && index <= props.reached
          return (
            <Box as="li" key={title} minW="0" display="flex">
              <Button
                type="button"
                variant="ghost"
                colorPalette="blue"
                flex="1"
                minW="0"
                h="auto"
                py="2"
                px="1"
                flexDirection="column"
                gap="1"
                whiteSpace="normal"
                textAlign="center"
                disabled={!current && (props.locked || index > props.reached)}
                aria-current={current ? 'step' : undefined}
                title={title}
                onClick={() => !current && props.onSelect(index)}
              >
                <Box
                  as="span"
                  aria-hidden
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  boxSize="7"
                  flexShrink="0"
                  borderRadius="full"
                  borderWidth="2px"
                  fontSize="sm"
                  fontWeight="semibold"
                  borderColor={current || passed ? 'colorPalette.solid' : 'border.emphasized'}
                  bg={current ? 'colorPalette.solid' : passed ? 'colorPalette.subtle' : 'transparent'}
                  color={current ? 'colorPalette.contrast' : passed ? 'colorPalette.fg' : 'fg.muted'}
                >
                  {index + 1}
                </Box>
                <Box
                  as="span"
                  srOnly={{ base: true, md: false }}
                  fontSize="sm"
                  lineHeight="short"
                  fontWeight={current ? 'semibold' : 'normal'}
                  color={current ? 'fg' : passed ? 'colorPalette.fg' : 'fg.muted'}
                  overflowWrap="break-word"
                >
                  <Box as="span" srOnly>
                    {`${index + 1}.`}
                  </Box>
                  {` ${title}`}
                </Box>
              </Button>
            </Box>
          )
        })}
      </Box>
      <Text hideFrom="md" aria-hidden mt="1" textAlign="center" fontSize="sm" fontWeight="semibold">
        Шаг {props.current + 1} из {props.steps.length}: {props.steps[props.current]}
      </Text>
    </Box>
  )
}
