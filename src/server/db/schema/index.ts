// Every table of the database; one file per area. drizzle-kit reads this file.
export * from './admin'
export * from './system'
export * from './customers'
export * from './registry'
export * from './readings'
export * from './represents'
export * from './collection'
export * from './reports'

export * from './requests'
