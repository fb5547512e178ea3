import { Box } from '@chakra-ui/react'
import { T } from '../../../shared/texts'

export const CONTENT_ID = 'content'

/**
 * The first Tab stop of every screen: hidden until focused, it moves focus past the header and the side menu to the
 * screen's content. Focus is moved by hand: the router owns the URL, a hash would be its business.
 */
export function SkipLink() {
  return (
    <Box
      asChild
      position="absolute"
      top="2"
      insetStart="2"
      zIndex="skipLink"
      px="4"
      py="3"
      bg="bg"
      color="fg"
      borderRadius="md"
      fontWeight="semibold"
      focusRing="outside"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'none' }}
    >
      <a
        href={`#${CONTENT_ID}`}
        onClick={(e) => {
          e.preventDefault()
          document.getElementById(CONTENT_ID)?.focus()
        }}
      >
        {T.skipToContent}
      </a>
    </Box>
  )
}
