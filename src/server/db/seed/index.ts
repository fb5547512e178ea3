import type { Executor } from '../client'
import { seedBase, seedDemoStaff, type BaseSeedResult } from './base'
import { seedRegistry } from './registry'
import { seedRequests } from './requests'
import { seedCollection } from './collection'
import { seedHistory } from './history'
import { seedRepresents } from './represents'

export type SeedOptions = {
  adminUsername: string
  adminPassword?: string
  demo: boolean
  /** The data folder: demo steps that store files write under it. */
  dataDir: string
  /** Days of demo history: three months unless asked; browser tests take a month and a bit, which seeds faster. */
  historyDays?: number
  log?: (message: string) => void
}

/**
 * Demo data of each area, run in this order on a fresh database when DEMO is on.
 * Each area adds its own step here.
 */
const demoSteps: { name: string; run: (db: Executor, base: BaseSeedResult, options: SeedOptions) => Promise<void> }[] = [
  { name: 'staff', run: seedDemoStaff },
  { name: 'registry', run: seedRegistry },
  { name: 'requests', run: seedRequests },
  { name: 'history', run: seedHistory },
  { name: 'represents', run: seedRepresents },
  { name: 'collection', run: seedCollection },
]

export async function runSeeds(db: Executor, options: SeedOptions): Promise<BaseSeedResult> {
  const base = await seedBase(db, options)
  if (base.fresh && options.demo) {
    for (const step of demoSteps) {
      const started = Date.now()
      await step.run(db, base, options)
      options.log?.(`demo data: ${step.name} (${Date.now() - started} ms)`)
    }
  }
  return base
}
