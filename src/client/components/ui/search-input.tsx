import { useEffect, useRef, useState } from 'react'
import { CloseButton, Input, InputGroup } from '@chakra-ui/react'
import { Search } from 'lucide-react'
import { SEARCH_DEBOUNCE_MS } from '../../../shared/constants'

/**
 * A search box that reports its text 500 ms after the last keystroke (shared list conventions), and its clearing at
 * once: «Очистите поиск», the empty list says, and on a tablet that is one touch.
 */
export function SearchInput({
  value,
  onChange,
  placeholder = 'Поиск',
  label = 'Поиск',
}: {
  value: string
  onChange: (value: string) => void
  placeholder?: string
  label?: string
}) {
  const [text, setText] = useState(value)
  const latest = useRef(onChange)
  latest.current = onChange
  useEffect(() => setText(value), [value])
  useEffect(() => {
    if (text === value) return
    const timer = setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, value])
  const input = useRef<HTMLInputElement>(null)
  const clear = () => {
    setText('')
    onChange('')
    input.current?.focus()
  }
  const clearButton = text === '' ? undefined : <CloseButton size="xs" aria-label="Очистить поиск" onClick={clear} />
  return (
    <InputGroup startElement={<Search size={16} aria-hidden />} endElement={clearButton} maxW={{ base: 'full', md: 'sm' }}>
      <Input
        ref={input}
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        // The browser's own small cross would stand beside this one.
        css={{ '&::-webkit-search-cancel-button': { display: 'none' } }}
      />
    </InputGroup>
  )
}
