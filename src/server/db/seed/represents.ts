import { inArray } from 'drizzle-orm'
import { COLOR_SWATCHES } from '../../../shared/constants'
import type { Executor } from '../client'
import { points, representPoints, represents } from '../schema'
import type { BaseSeedResult } from './base'

type DemoNode = { name: string; check?: { host: string; port: number }; points?: [string, 1 | -1 | 0][]; children?: DemoNode[] }

const T1 = 'ПС 110/10 кВ «Северная», ввод Т-1'
const T2 = 'ПС 110/10 кВ «Северная», ввод Т-2'
const CELL_7 = 'РП-3, яч. 7'
const CELL_12 = 'РП-3, яч. 12'
const TP214 = 'ТП-214, ввод 0,4 кВ'
const TP118 = 'ТП-118, ввод 0,4 кВ'
const F104 = 'ПС 35/10 кВ «Заречная», ф. 10-4'
const KTP42 = 'КТП-42, ввод 0,4 кВ'

/** The substation and its switchgear balance the same lines: the two inputs in, the two outgoing cells out. */
const SEVERNAYA_BALANCE: DemoNode['points'] = [
  [T1, 1],
  [T2, 1],
  [CELL_7, -1],
  [CELL_12, -1],
]

/**
 * Substation -> switchgear -> feeder -> transformer substation -> buildings. Each object is a balance: what
 * comes in with +, every outgoing line with -, so its imbalance is the losses inside it (a few percent, see
 * demo-network). Buildings are the points of the transformer substations: alone, with nothing going out, they would
 * be no balance at all.
 */
const TREE: DemoNode[] = [
  {
    name: 'ПС 110/10 кВ «Северная»',
    check: { host: '127.0.0.1', port: 4001 },
    points: SEVERNAYA_BALANCE,
    children: [
      {
        name: 'РУ-10 кВ',
        points: SEVERNAYA_BALANCE,
        children: [
          {
            name: 'Фидер 10-3',
            points: [
              [CELL_7, 1],
              [TP214, -1],
              [TP118, -1],
            ],
            children: [
              {
                name: 'ТП-214',
                points: [
                  [TP214, 1],
                  ['ж/д ул. Ленина, 12', -1],
                  ['ж/д ул. Ленина, 14', -1],
                  ['ТП-214, ф. 3', -1],
                ],
              },
              {
                name: 'ТП-118',
                points: [
                  [TP118, 1],
                  ['ж/д ул. Пушкинская, 20, ВРУ-1', -1],
                  ['ж/д ул. Пушкинская, 20, ВРУ-2', -1],
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'ПС 35/10 кВ «Заречная»',
    points: [
      [F104, 1],
      [KTP42, -1],
    ],
    children: [
      {
        name: 'КТП-42',
        points: [
          [KTP42, 1],
          ['Частный дом, ул. Садовая, 3', -1],
          ['Частный дом, ул. Садовая, 5', -1],
          ['Ферма СПК «Молочный»', -1],
        ],
      },
    ],
  },
]

function pointNames(nodes: DemoNode[]): string[] {
  return nodes.flatMap((n) => [...(n.points ?? []).map(([name]) => name), ...pointNames(n.children ?? [])])
}

async function insertNode(db: Executor, node: DemoNode, parentId: number | null, pointIds: Map<string, number>): Promise<void> {
  const [row] = await db
    .insert(represents)
    .values({
      name: node.name,
      parent_id: parentId,
      check_health: Boolean(node.check),
      health_check_ip: node.check?.host ?? '',
      health_check_port: node.check?.port ?? null,
    })
    .returning({ id: represents.represent_id })
  const links = (node.points ?? [])
    .filter(([name]) => pointIds.has(name))
    .map(([name, sign], order) => ({
      represent_id: row!.id,
      point_id: pointIds.get(name)!,
      sign,
      order_num: order,
      color: COLOR_SWATCHES[(order + 5) % COLOR_SWATCHES.length]!,
    }))
  if (links.length) await db.insert(representPoints).values(links)
  for (const child of node.children ?? []) await insertNode(db, child, row!.id, pointIds)
}

/** Demo step 'represents': the tree of objects over the demo points (runs after 'registry'). */
export async function seedRepresents(db: Executor, _base: BaseSeedResult): Promise<void> {
  const found = await db
    .select({ id: points.point_id, name: points.name })
    .from(points)
    .where(inArray(points.name, pointNames(TREE)))
  const pointIds = new Map(found.map((p) => [p.name, p.id]))
  for (const node of TREE) await insertNode(db, node, null, pointIds)
}
