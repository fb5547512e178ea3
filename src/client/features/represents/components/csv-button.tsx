import { Button } from '@chakra-ui/react'
import { Download } from 'lucide-react'
import { useBusyAction } from '../../../components/ui/use-busy-action'

/** «Скачать CSV» of a tab: busy while the file comes, the server's message if it does not. */
export function CsvButton({ download }: { download: () => Promise<unknown> }) {
  const { busy, run } = useBusyAction()
  return (
    <Button size="sm" variant="outline" onClick={() => void run(download)} loading={busy}>
      <Download size={16} aria-hidden /> Скачать CSV
    </Button>
  )
}
