import { Button } from '@chakra-ui/react'
import { Download } from 'lucide-react'
import { useState } from 'react'
import { notify } from '../../../components/ui/notify'

/** «Скачать CSV» of a tab: busy while the file comes, the server's message if it does not. */
export function CsvButton({ download }: { download: () => Promise<unknown> }) {
  const [downloading, setDownloading] = useState(false)
  const onClick = async () => {
    setDownloading(true)
    try {
      await download()
    } catch (error) {
      notify.error(error)
    } finally {
      setDownloading(false)
    }
  }
  return (
    <Button size="sm" variant="outline" onClick={() => void onClick()} loading={downloading}>
      <Download size={16} aria-hidden /> Скачать CSV
    </Button>
  )
}
