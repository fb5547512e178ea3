// Generates src/client/routeTree.gen.ts from the file routes (the Vite plugin does the same during builds);
// the type-check needs it before any build has run.
import { Generator, getConfig } from '@tanstack/router-generator'

const config = getConfig({
  routesDirectory: './src/client/routes',
  generatedRouteTree: './src/client/routeTree.gen.ts',
  quoteStyle: 'single',
  semicolons: false,
  target: 'react',
})
await new Generator({ config, root: process.cwd() }).run()
