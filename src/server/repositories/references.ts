import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import type { ListQuery, Paged } from '../../shared/schemas/common'
import type { CounterModel, CounterModelApi, DataParameter, DataSource, ModelParameter, ResourceType } from '../../shared/schemas/references'
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core'
import type { Executor } from '../db/client'
import { counterModelApis, counterModels, dataParameters, dataSources, modelParameters, pointCounters, resourceTypes, taskGroups } from '../db/schema'
import { likePattern, listPage, orderingOf } from '../lib/listing'

const searchName = (column: Parameters<typeof ilike>[0], search: string): SQL | undefined => (search ? ilike(column, likePattern(search)) : undefined)

export function listResourceTypes(db: Executor, query: ListQuery): Promise<Paged<ResourceType>> {
  const where = searchName(resourceTypes.name, query.search)
  const order = orderingOf(query.ordering, { name: resourceTypes.name, resource_type_id: resourceTypes.resource_type_id }, [
    asc(resourceTypes.resource_type_id),
  ])
  return listPage(db, { rows: db.select().from(resourceTypes), counted: resourceTypes, where, order }, query)
}

export async function findResourceType(db: Executor, id: number): Promise<ResourceType | undefined> {
  const [row] = await db.select().from(resourceTypes).where(eq(resourceTypes.resource_type_id, id))
  return row
}

const apiColumns = {
  counter_model_api_id: counterModelApis.counter_model_api_id,
  name: counterModelApis.name,
  resource_type: counterModelApis.resource_type_id,
  resource_type_name: resourceTypes.name,
  driver: counterModelApis.driver,
}

function selectModelApis(db: Executor) {
  return db.select(apiColumns).from(counterModelApis).innerJoin(resourceTypes, eq(resourceTypes.resource_type_id, counterModelApis.resource_type_id))
}

export function listModelApis(db: Executor, query: ListQuery & { resource_type?: number }): Promise<Paged<CounterModelApi>> {
  const where = and(
    searchName(counterModelApis.name, query.search),
    query.resource_type === undefined ? undefined : eq(counterModelApis.resource_type_id, query.resource_type),
  )
  const order = orderingOf(query.ordering, { name: counterModelApis.name }, [asc(counterModelApis.name)], counterModelApis.counter_model_api_id)
  return listPage(db, { rows: selectModelApis(db), counted: counterModelApis, where, order }, query)
}

export async function findModelApi(db: Executor, id: number): Promise<CounterModelApi | undefined> {
  const [row] = await selectModelApis(db).where(eq(counterModelApis.counter_model_api_id, id))
  return row
}

const modelColumns = {
  model_id: counterModels.model_id,
  name: counterModels.name,
  source: counterModels.source_id,
  source_name: dataSources.name,
  resource_type: counterModels.resource_type_id,
  resource_type_name: resourceTypes.name,
  counter_model_api: counterModels.counter_model_api_id,
  counter_model_api_name: counterModelApis.name,
  external_model: counterModels.external_model,
  has_storage: counterModels.has_storage,
  counter_width: counterModels.counter_width,
  decimal_places: counterModels.decimal_places,
  remark: counterModels.remark,
}

function selectModels(db: Executor) {
  return db
    .select(modelColumns)
    .from(counterModels)
    .innerJoin(resourceTypes, eq(resourceTypes.resource_type_id, counterModels.resource_type_id))
    .innerJoin(counterModelApis, eq(counterModelApis.counter_model_api_id, counterModels.counter_model_api_id))
    .leftJoin(dataSources, eq(dataSources.source_id, counterModels.source_id))
}

export function listModels(db: Executor, query: ListQuery & { resource_type?: number; counter_model_api?: number }): Promise<Paged<CounterModel>> {
  const where = and(
    searchName(counterModels.name, query.search),
    query.resource_type === undefined ? undefined : eq(counterModels.resource_type_id, query.resource_type),
    query.counter_model_api === undefined ? undefined : eq(counterModels.counter_model_api_id, query.counter_model_api),
  )
  const order = orderingOf(query.ordering, { name: counterModels.name, model_id: counterModels.model_id }, [asc(counterModels.name)], counterModels.model_id)
  return listPage(db, { rows: selectModels(db), counted: counterModels, where, order }, query)
}

export async function findModel(db: Executor, id: number): Promise<CounterModel | undefined> {
  const [row] = await selectModels(db).where(eq(counterModels.model_id, id))
  return row
}

export function listModelParameters(db: Executor, query: ListQuery & { model_id: number }): Promise<Paged<ModelParameter>> {
  const where = eq(modelParameters.model_id, query.model_id)
  return listPage(
    db,
    {
      rows: db
        .select({
          model_parameter_id: modelParameters.model_parameter_id,
          parameter_id: dataParameters.parameter_id,
          parameter_name: dataParameters.name,
          parameter_group: dataParameters.task_group_id,
          parameter__task_group: dataParameters.task_group_id,
          parameter__task_group_name: taskGroups.name,
          measurement: dataParameters.measurement,
        })
        .from(modelParameters)
        .innerJoin(dataParameters, eq(dataParameters.parameter_id, modelParameters.parameter_id))
        .leftJoin(taskGroups, eq(taskGroups.task_group_id, dataParameters.task_group_id)),
      counted: modelParameters,
      where,
      order: [asc(taskGroups.task_group_id), asc(dataParameters.parameter_id)],
    },
    query,
    (row) => ({ ...row, parameter__task_group_name: row.parameter__task_group_name ?? '' }),
  )
}

export function listDataSources(db: Executor, query: ListQuery): Promise<Paged<DataSource>> {
  const where = searchName(dataSources.name, query.search)
  const order = orderingOf(query.ordering, { name: dataSources.name, source_id: dataSources.source_id }, [asc(dataSources.source_id)])
  return listPage(db, { rows: db.select().from(dataSources), counted: dataSources, where, order }, query)
}

export async function findDataSource(db: Executor, id: number): Promise<DataSource | undefined> {
  const [row] = await db.select().from(dataSources).where(eq(dataSources.source_id, id))
  return row
}

/** Models and installations refer to a source; the database would refuse the deletion with a foreign key. */
export async function dataSourceInUse(db: Executor, sourceId: number): Promise<boolean> {
  const [row] = await db
    .execute<{ used: boolean }>(
      sql`select exists(select 1 from ${counterModels} where source_id = ${sourceId})
    or exists(select 1 from ${pointCounters} where source_id = ${sourceId}) as used`,
    )
    .then((r) => r.rows)
  return Boolean(row?.used)
}

const parameterColumns = {
  parameter_id: dataParameters.parameter_id,
  name: dataParameters.name,
  remark: dataParameters.remark,
  resource_type: resourceTypes.resource_type_id,
  resource_type_name: resourceTypes.name,
  measurement: dataParameters.measurement,
  code: dataParameters.code,
}

type ParameterRecord = { [K in keyof typeof parameterColumns]: K extends 'resource_type' ? number : K extends 'parameter_id' ? number : string }
const toParameter = ({ resource_type, resource_type_name, ...row }: ParameterRecord): DataParameter => ({
  ...row,
  resource_type_id: { resource_type_id: resource_type, name: resource_type_name },
})

function selectParameters(db: Executor) {
  return db.select(parameterColumns).from(dataParameters).innerJoin(resourceTypes, eq(resourceTypes.resource_type_id, dataParameters.resource_type_id))
}

export function listDataParameters(db: Executor, query: ListQuery & { resource_type?: number }): Promise<Paged<DataParameter>> {
  const where = and(
    searchName(dataParameters.name, query.search),
    query.resource_type === undefined ? undefined : eq(dataParameters.resource_type_id, query.resource_type),
  )
  const order = orderingOf(query.ordering, { name: dataParameters.name, parameter_id: dataParameters.parameter_id }, [asc(dataParameters.parameter_id)])
  return listPage(db, { rows: selectParameters(db), counted: dataParameters, where, order }, query, toParameter)
}

export async function findDataParameter(db: Executor, id: number): Promise<DataParameter | undefined> {
  const [row] = await selectParameters(db).where(eq(dataParameters.parameter_id, id))
  return row && toParameter(row)
}

/** Insert (answering the new id), update and delete of a reference table's rows by their id column. */
function rowWrites<TTable extends PgTable>(table: TTable, idColumn: PgColumn) {
  type Fields = PgInsertValue<TTable>
  return {
    insert: async (db: Executor, fields: Fields): Promise<number> => {
      const [row] = await db.insert(table).values(fields).returning({ id: idColumn })
      return row!.id as number
    },
    update: async (db: Executor, id: number, fields: Fields): Promise<void> => {
      await db
        .update(table)
        .set(fields as PgUpdateSetSource<TTable>)
        .where(eq(idColumn, id))
    },
    remove: async (db: Executor, id: number): Promise<void> => {
      await db.delete(table).where(eq(idColumn, id))
    },
  }
}

export const resourceTypeWrites = rowWrites(resourceTypes, resourceTypes.resource_type_id)
export const modelApiWrites = rowWrites(counterModelApis, counterModelApis.counter_model_api_id)
export const modelWrites = rowWrites(counterModels, counterModels.model_id)
export const dataSourceWrites = rowWrites(dataSources, dataSources.source_id)
export const dataParameterWrites = rowWrites(dataParameters, dataParameters.parameter_id)
